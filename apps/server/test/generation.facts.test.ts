import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  PAGE_STATUS,
  type TCityFact,
  type TLeanCity,
  type TLeanProjectDetail,
} from '@cityforge/shared';
import {
  defaultPageContent,
  startFakeAi,
  type FakeAi,
  type FakeAiCall,
} from '@cityforge/fakes/openai';
import { aiUsage, cities } from '../src/db/schema/index.ts';
import type { CityContext } from '../src/modules/generation/city-context.ts';
import { writeOfflineCityContent } from '../src/modules/generation/offline/index.ts';
import { unstatedFacts } from '../src/modules/locations/fact-text.ts';
import { visibleText } from '../src/modules/locations/similarity.ts';
import { ZPageContent } from '../src/modules/pages/content.ts';
import { writtenPage } from '../src/modules/locations/page-substance.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { addCity, addFacts, createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { http } from './helpers/http.ts';

/**
 * A model that takes liberties, as models do: besides the page it was asked for, it adds a
 * testimonial nobody gave, and credits it to "a neighbour".
 */
const INVENTED = 'Best plumbers in the whole state, hands down!';
function liberalModel(call: FakeAiCall): string {
  const content = defaultPageContent(call.messages);
  content.sections.splice(1, 0, {
    type: 'quotes',
    heading: 'Happy customers',
    items: [{ quote: INVENTED, by: 'A neighbour' }],
  });
  return JSON.stringify(content);
}

let t: TestApp;
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi({ respond: liberalModel });
  t = await createTestApp({ OPENROUTER_BASE_URL: ai.openRouterUrl, OPENAI_BASE_URL: ai.url });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const { get, post } = http(() => t);

const LONG_NOTE =
  'Kyle asks for a permit on every water heater swap. We file it the day you book, meet the ' +
  'inspector ourselves, and leave the signed card taped to the tank so a future buyer can see it.';

/** A customer's columns, as varied as sheets come: counts, names, prices, years, yes and no, prose, quotes. */
const FACTS: TCityFact[] = [
  { name: 'Jobs completed', value: '142' },
  {
    name: 'Customer quote',
    value:
      '"They replaced our water heater the same afternoon and left the garage spotless." — Maria G.',
  },
  { name: 'Crew lead', value: 'Mike Alvarez' },
  { name: 'Local price', value: 'from $1,250' },
  { name: 'First job here', value: '2011' },
  { name: 'Free estimates', value: 'Yes' },
  { name: 'Weekend service', value: 'No' },
  { name: 'AVERAGE_RATING', value: '4.9 out of 5' },
  { name: 'Permit office', value: 'City of Kyle Building Inspections' },
  { name: 'Local notes', value: LONG_NOTE },
  { name: 'Do you pull permits?', value: 'Yes, for every water heater we install' },
  { name: 'Review', value: 'Fast, tidy and honest about the price.' },
  { name: 'Review by', value: 'The Nguyen family' },
];

type Place = { name: string; facts: TCityFact[] };

const PLUMBER = {
  name: 'Lone Star Plumbing',
  serviceType: 'Plumbing',
  prompt: '',
  contactPhoneNumber: '(512) 555-0199',
  email: '',
};

/** A place as the page job builds it, for the writer alone. */
const cityContext = (name: string, facts: TCityFact[]): CityContext => ({
  name,
  slug: name.toLowerCase(),
  stateId: 'TX',
  stateName: 'Texas',
  county: 'Hays County',
  otherCounties: [],
  zips: ['78640'],
  nearby: [],
  countyCities: 1,
  services: [],
  prompt: '',
  facts,
  revision: 0,
  paths: {
    states: '/states',
    state: '/states/texas',
    county: '/states/texas/hays-county',
    self: '/x',
  },
});

/** A project whose cities failed once, with their facts in place: Retry writes them. */
async function projectWith(model: string, places: Place[]) {
  const u = await signedInUser(t, { plan: 'basic' });
  await giveKeys(t, u.user.id, { openai: `sk-${u.user.id}` });
  const project = await createProject(t, u.user.id, {
    name: 'Lone Star Plumbing',
    serviceType: 'Plumbing',
    contactPhoneNumber: '(512) 555-0199',
    model,
  });
  const ids: Record<string, string> = {};
  for (const place of places) {
    const { city } = await addCity(t, project.id, {
      name: place.name,
      county: 'Hays County',
      state: 'TX',
      stateName: 'Texas',
      status: PAGE_STATUS.failed,
      zips: ['78640'],
    });
    await t.ctx.db.update(cities).set({ model }).where(eq(cities.id, city.id));
    await addFacts(t, city, place.facts);
    ids[place.name] = city.id;
  }
  const res = await post(`/api/projects/${project.id}/retry/`, u.headers);
  expect(res.statusCode, res.body).toBe(200);
  await settled(t, project.id, u.headers);
  return { ...u, projectId: project.id, ids };
}

async function pageOf(u: { projectId: string; headers: Record<string, string> }, cityId: string) {
  const res = await get(`/api/projects/${u.projectId}/zipcodes/${cityId}/`, u.headers);
  expect(res.statusCode, res.body).toBe(200);
  const html = (res.json() as { html: string }).html;
  return { html, blocks: writtenPage(html).blocks };
}

async function leanCity(u: { projectId: string; headers: Record<string, string> }, id: string) {
  for (let i = 0; i < 100; i++) {
    const detail = (await get(`/api/projects/${u.projectId}/detail/lean/`, u.headers)).json()
      .data as TLeanProjectDetail;
    const city = detail.states
      .flatMap((s) => s.counties.flatMap((c) => c.cities ?? []))
      .find((c: TLeanCity) => c.id === id)!;
    if (city.quality.verdict !== 'pending') return city;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the page was never scored');
}

const QUOTE_HTML =
  '<blockquote><p>They replaced our water heater the same afternoon and left the garage spotless.</p></blockquote>' +
  '<figcaption>&mdash; <cite>Maria G.</cite></figcaption>';

describe('the offline writer', () => {
  it('states every fact of its place in sentences of its own, varied by the place, quotes as quotations', async () => {
    const u = await projectWith('offline-draft', [
      { name: 'Kyle', facts: FACTS },
      { name: 'Buda', facts: FACTS },
    ]);
    const proofOf = async (name: string) => {
      const page = await pageOf(u, u.ids[name]!);
      expect(
        unstatedFacts(page.blocks, FACTS).map((f) => f.name),
        name,
      ).toEqual([]);
      // Sentences, not a table of "Name: value".
      expect(page.html).not.toContain('<table');
      for (const f of FACTS.filter((f) => f.value.length < 40))
        expect(
          page.blocks.some((b) => b.includes(`${f.name}: ${f.value}`)),
          f.name,
        ).toBe(false);
      expect(page.blocks.join(' ')).not.toContain('AVERAGE_RATING');
      // The customers' words, as quotations with who said them.
      expect(page.html).toContain(QUOTE_HTML);
      expect(page.html).toContain(
        '<blockquote><p>Fast, tidy and honest about the price.</p></blockquote><figcaption>&mdash; <cite>The Nguyen family</cite></figcaption>',
      );
      // The sentences that carry the facts, the place's name masked.
      return page.blocks
        .filter((b) => b.includes('Mike Alvarez') || b.includes('142'))
        .map((b) => b.replaceAll(name, 'X'));
    };
    const [kyle, buda] = [await proofOf('Kyle'), await proofOf('Buda')];
    expect(kyle.length).toBeGreaterThan(0);
    expect(kyle).not.toEqual(buda);
  });
});

describe('the offline writer on hostile sheets', () => {
  it('states forty facts of 2,000 characters, odd quote marks and dashes, on a valid page', () => {
    const long = (i: number) =>
      `${'We checked every joint twice on this street, and the inspector signed it off. '.repeat(25).slice(0, 1990)} ${i}.`;
    const facts: TCityFact[] = Array.from({ length: 40 }, (_, i) => {
      if (i % 10 === 0)
        return {
          name: `Quote ${i}`,
          value: `"${'“'.repeat(300)} fine work ${i} ${'—'.repeat(300)}`,
        };
      if (i % 10 === 1) return { name: `Col_${i}`, value: '-'.repeat(1999) + String(i) };
      return { name: `Notes ${i}`, value: long(i) };
    });
    const content = ZPageContent.parse(
      writeOfflineCityContent(PLUMBER, cityContext('Kyle', facts)),
    );
    expect(unstatedFacts(visibleText(content).split('\n'), facts).map((f) => f.name)).toEqual([]);
  });
});

describe('a model', () => {
  it('gets the facts in the page’s own part of the prompt and states each; invented quotes never reach the page', async () => {
    const u = await projectWith('gpt-4o-mini', [
      { name: 'Kyle', facts: FACTS },
      { name: 'San Marcos', facts: [] },
    ]);
    const calls = ai.requests.filter((r) => r.key === `sk-${u.user.id}`);
    expect(calls).toHaveLength(2);
    const system = calls.map((c) => c.messages.find((m) => m.role === 'system')!.content);
    expect(system[0]).toBe(system[1]);
    expect(String(system[0])).not.toContain('Mike Alvarez');
    const kyleCall = calls.find((c) => String(c.messages.at(-1)!.content).includes('Page: Kyle'))!;
    const prompt = String(kyleCall.messages.at(-1)!.content);
    expect(prompt).toContain('- Jobs completed: 142');
    expect(prompt).toContain(`- Local notes: ${LONG_NOTE}`);

    const kyle = await pageOf(u, u.ids.Kyle!);
    expect(unstatedFacts(kyle.blocks, FACTS)).toEqual([]);
    expect(kyle.html).toContain(QUOTE_HTML);
    expect(kyle.html).not.toContain(INVENTED);
    expect(kyle.html).not.toContain('A neighbour');
    const marcos = await pageOf(u, u.ids['San Marcos']!);
    expect(marcos.html).not.toContain('<blockquote');
    expect(marcos.html).not.toContain(INVENTED);
  });

  it('gets exactly one repair call for a page that dropped a fact, and the page states it', async () => {
    ai.script({ dropFact: true });
    const facts = FACTS.slice(0, 3);
    const u = await projectWith('gpt-4o-mini', [{ name: 'Kyle', facts }]);
    const calls = ai.requests.filter((r) => r.key === `sk-${u.user.id}`);
    expect(calls).toHaveLength(2);
    const repair = String(calls[1]!.messages.at(-1)!.content);
    expect(repair).toContain('"Jobs completed" (142)');
    const usage = await t.ctx.db
      .select({ callType: aiUsage.callType })
      .from(aiUsage)
      .where(and(eq(aiUsage.projectId, u.projectId), eq(aiUsage.cityId, u.ids.Kyle!)));
    expect(usage.map((r) => r.callType).sort()).toEqual(['city_page', 'city_page_repair']);
    const page = await pageOf(u, u.ids.Kyle!);
    expect(unstatedFacts(page.blocks, facts)).toEqual([]);
  });

  it('keeps a page still without its fact after the repair, and the gate holds it for want of proof', async () => {
    ai.script({ dropFact: true }, { dropFact: true });
    const u = await projectWith('gpt-4o-mini', [
      { name: 'Kyle', facts: [{ name: 'Jobs completed', value: '142' }] },
    ]);
    expect(ai.requests.filter((r) => r.key === `sk-${u.user.id}`)).toHaveLength(2);
    const city = await leanCity(u, u.ids.Kyle!);
    expect(city.status).toBe(PAGE_STATUS.completed);
    expect(city.failureReason).toBeNull();
    expect(city.factCount).toBe(1);
    expect(city.quality.reasons).toContain('proof');
    const page = await pageOf(u, u.ids.Kyle!);
    expect(unstatedFacts(page.blocks, [{ name: 'Jobs completed', value: '142' }])).toHaveLength(1);
  });
});
