import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  PAGE_STATUS,
  qualityVerdict,
  type TLeanCity,
  type TLeanProjectDetail,
  type TProject,
} from '@cityforge/shared';
import {
  defaultPageContent,
  startFakeAi,
  type FakeAi,
  type FakeAiCall,
} from '@cityforge/fakes/openai';
import { cities } from '../src/db/schema/index.ts';
import { unstatedFacts } from '../src/modules/locations/fact-text.ts';
import { localSubstance, type PlaceFacts } from '../src/modules/locations/page-substance.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { addCity, addFacts, createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { http } from './helpers/http.ts';
import { FIFTY_CITIES, spreadsheet, uploaded } from './helpers/locations.ts';

/**
 * A doorway writer, as the gate must catch it: the same sentences for every city, its ZIP
 * codes and neighbours listed in every section.
 */
const AREA_ZIPS = ['78701', '78702', '78703', '78704', '78705', '78745', '78746', '78749'];
function doorwayModel(call: FakeAiCall): string {
  const prompt = String(call.messages.find((m) => m.role === 'user')?.content ?? '');
  const city = /Page: ([^,\n]+)/.exec(prompt)?.[1] ?? 'your city';
  const zips = (/ZIP codes served: ([^\n]+)/.exec(prompt)?.[1] ?? '').split(', ');
  const list = [...new Set([...zips, ...AREA_ZIPS])].join(', ');
  const base = defaultPageContent(call.messages);
  const generic = [
    'We are the plumbers people call first when something goes wrong at home.',
    'Our team is trained, insured and ready to help with every kind of job.',
    'We answer the phone quickly and arrive when we say we will.',
    'Every job is quoted clearly before any work begins.',
    'We clean up after ourselves and leave your home as we found it.',
    `Plumbing service for ZIP codes ${list}.`,
  ];
  return JSON.stringify({
    ...base,
    sections: [
      { type: 'text', heading: `Plumbing in ${city}`, paragraphs: [generic.join(' ')] },
      {
        type: 'text',
        heading: 'Areas we serve',
        paragraphs: [`We serve ${list}.`, `Also serving ${list} and nearby.`, generic.join(' ')],
      },
      {
        type: 'faq',
        heading: 'Questions',
        items: [
          { question: 'Which ZIP codes do you serve?', answer: `We serve ${list}.` },
          { question: 'Are you insured?', answer: 'Yes, fully insured for every job we take on.' },
        ],
      },
      base.sections.at(-1)!,
    ],
  });
}

let t: TestApp;
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi({ respond: doorwayModel });
  t = await createTestApp({ OPENROUTER_BASE_URL: ai.openRouterUrl, OPENAI_BASE_URL: ai.url });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const { get, post } = http(() => t);
type Headers = Record<string, string>;

const SHEET = [['City', 'State', 'County', 'ZIP'], ...FIFTY_CITIES.map((c) => [...c])];
const TWO_FACTS = (i: number) => [
  { name: 'Jobs completed', value: String(40 + i * 7) },
  {
    name: 'Customer quote',
    value: `"They fixed the leak under our sink in under an hour, job number ${i}." — Pat ${String.fromCharCode(65 + (i % 26))}.`,
  },
];

async function lean(projectId: string, headers: Headers): Promise<TLeanProjectDetail> {
  const res = await get(`/api/projects/${projectId}/detail/lean/`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TLeanProjectDetail;
}

const leanCities = (d: TLeanProjectDetail) =>
  d.states.flatMap((s) => s.counties.flatMap((c) => c.cities ?? []));

/** The detail once every written page is scored (the scoring runs after the project settles). */
async function scored(projectId: string, headers: Headers): Promise<TLeanProjectDetail> {
  for (let i = 0; i < 300; i++) {
    const detail = await lean(projectId, headers);
    if (detail.scoringCities === 0 && detail.status !== 'In progress') return detail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('pages were never scored');
}

const figures = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const pct = (n: number) => `${Math.round(n * 100)}%`;
  return `${pct(sorted[0]!)}-${pct(sorted.at(-1)!)} (median ${pct(sorted[sorted.length >> 1]!)})`;
};

describe('the quality gate tells proof from padding', () => {
  it('passes drafts that state two facts, holds their siblings without proof, and holds ZIP lists', async () => {
    const u = await signedInUser(t, { plan: 'pro' });
    const p = await createProject(t, u.user.id, { name: 'Lone Star Plumbing' });
    await uploaded(t, p.id, u.headers, [spreadsheet('csv', SHEET)]);
    const plain = await scored(p.id, u.headers);
    const drafts = leanCities(plain);
    expect(drafts).toHaveLength(50);
    // A project without facts: nobody is held for want of proof, and geography alone passes.
    expect(plain.qualityGate.factNames).toEqual([]);
    expect(drafts.filter((c) => c.quality.verdict !== 'passes')).toEqual([]);
    console.info(
      `offline drafts without facts: local substance ${figures(drafts.map((c) => c.quality.localShare!))}`,
    );

    // Half the places get two facts, and their pages are written again.
    const withFacts = drafts.filter((_, i) => i % 2 === 0);
    for (const [i, city] of withFacts.entries()) {
      await addFacts(t, { id: city.id, projectId: p.id }, TWO_FACTS(i));
      await t.ctx.db
        .update(cities)
        .set({ status: PAGE_STATUS.failed })
        .where(eq(cities.id, city.id));
    }
    expect((await post(`/api/projects/${p.id}/retry/`, u.headers)).statusCode).toBe(200);
    await settled(t, p.id, u.headers);
    const detail = await scored(p.id, u.headers);
    expect(detail.qualityGate.factNames).toEqual(['Jobs completed', 'Customer quote']);
    const byId = new Map(leanCities(detail).map((c) => [c.id, c]));
    const proven = withFacts.map((c) => byId.get(c.id)!);
    const unproven = drafts.filter((_, i) => i % 2 === 1).map((c) => byId.get(c.id)!);
    for (const city of proven) {
      expect(city.factCount, city.name).toBe(2);
      expect(city.quality, city.name).toMatchObject({
        verdict: 'passes',
        reasons: [],
        stuffing: 0,
      });
    }
    for (const city of unproven) {
      expect(city.factCount).toBe(0);
      expect(city.quality.reasons, city.name).toEqual(['proof']);
    }
    expect(detail.heldBackCities).toBe(unproven.length);
    console.info(
      `offline drafts with two facts: local substance ${figures(proven.map((c) => c.quality.localShare!))}`,
    );
    const lowestWithFacts = Math.min(...proven.map((c) => c.quality.localShare!));
    const highestWithout = Math.max(...unproven.map((c) => c.quality.localShare!));
    expect(lowestWithFacts).toBeGreaterThan(highestWithout);
  }, 240_000);

  it('holds a model’s pages of ZIP lists as stuffing, with little local substance', async () => {
    const u = await signedInUser(t, { plan: 'pro' });
    await giveKeys(t, u.user.id, { openai: `sk-${u.user.id}` });
    const p = await createProject(t, u.user.id, {
      name: 'Lone Star Plumbing',
      model: 'gpt-4o-mini',
    });
    await uploaded(t, p.id, u.headers, [spreadsheet('csv', SHEET.slice(0, 16))], {
      model: 'gpt-4o-mini',
    });
    const detail = await scored(p.id, u.headers);
    const pages = leanCities(detail);
    expect(pages).toHaveLength(15);
    for (const city of pages) {
      expect(city.quality.verdict, city.name).toBe('held');
      expect(city.quality.reasons, city.name).toContain('stuffing');
      expect(city.quality.reasons, city.name).toContain('local');
      expect(city.quality.stuffing, city.name).toBeGreaterThanOrEqual(3);
    }
    console.info(
      `model pages of ZIP lists: local substance ${figures(pages.map((c) => c.quality.localShare!))}`,
    );
  });
});

describe('the gate’s SQL and its shared rule agree on proof and stuffing', () => {
  it('counts held pages alike on the screen, per county and on the project card', async () => {
    const u = await signedInUser(t);
    type Row = [factsStated: number | null, stuffing: number | null, localShare: number];
    const grid: Row[] = [];
    for (const factsStated of [null, 0, 2])
      for (const stuffing of [null, 0, 1])
        for (const local of [0.01, 0.5]) grid.push([factsStated, stuffing, local]);
    for (const hasFacts of [false, true]) {
      const p = await createProject(t, u.user.id);
      let n = 0;
      for (const [factsStated, stuffing, localShare] of grid) {
        const { city } = await addCity(t, p.id, {
          name: `Town ${++n}`,
          county: n % 2 ? 'Odd' : 'Even',
          state: 'TX',
          stateName: 'Texas',
        });
        await t.ctx.db
          .update(cities)
          .set({ similarity: 0.1, wordCount: 700, localShare, factsStated, stuffing })
          .where(eq(cities.id, city.id));
        // The project has facts through one place only; the others have none.
        if (hasFacts && n === 1) await addFacts(t, city, [{ name: 'Crew lead', value: 'Ana' }]);
      }
      const detail = await lean(p.id, u.headers);
      expect(detail.qualityGate.factNames).toEqual(hasFacts ? ['Crew lead'] : []);
      const shared = grid.filter(
        ([factsStated, stuffing, localShare]) =>
          qualityVerdict(
            { similarity: 0.1, wordCount: 700, localShare, factsStated, stuffing, approved: false },
            detail.qualityGate,
          ).verdict === 'held',
      ).length;
      const screen = leanCities(detail).filter((c: TLeanCity) => c.quality.verdict === 'held');
      expect(screen).toHaveLength(shared);
      expect(detail.heldBackCities).toBe(shared);
      expect(detail.states[0]!.counties.reduce((s, c) => s + c.heldCount, 0)).toBe(shared);
      // The project card counts with the SQL joined on the project (whether it has facts asked there).
      const list = (await get('/api/projects/', u.headers)).json() as { results: TProject[] };
      const card = list.results.find((r) => r.id === p.id)!;
      expect(card.heldBackCities).toBe(shared);
      // Thin pages (9), lists of places among the others (3), and without proof (4) when it counts.
      expect(shared).toBe(hasFacts ? 16 : 12);
    }
  });
});

describe('hostile input stays linear', () => {
  const KYLE: PlaceFacts = {
    county: 'Hays County',
    otherCounties: [],
    zips: ['78640'],
    neighbours: ['Buda'],
    instructions: '',
    own: ['Kyle', 'Texas', 'TX'],
  };

  it('reads one sentence of 200,000 ZIP codes and a page of huge facts in one pass', () => {
    const zips = Array.from({ length: 200_000 }, (_, i) => String(10_000 + (i % 89_999))).join(
      ', ',
    );
    const s = localSubstance([`We serve ${zips}.`], KYLE);
    expect(s).toMatchObject({ sentences: 1, stuffing: 1, factsStated: 0 });

    // Forty facts of 2,000 characters over a page of 300,000 words, most of them alike.
    const facts = Array.from({ length: 40 }, (_, i) => ({
      name: `Note ${i}`,
      value: `${'the crew '.repeat(199)}note ${i}`,
    }));
    const page = [`${'the crew '.repeat(150_000)}note 7.`];
    expect(unstatedFacts(page, facts)).toHaveLength(39);
    const substance = localSubstance(page, { ...KYLE, firsthand: facts });
    expect(substance.factsStated).toBe(1);
  });
});
