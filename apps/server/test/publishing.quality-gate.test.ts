import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  QUALITY_GATE_DEFAULTS,
  type TLeanCity,
  type TLeanProjectDetail,
  type TProjectSettings,
} from '@cityforge/shared';
import { startFakeAi, type FakeAi, type FakePageContent } from '@cityforge/fakes/openai';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { rowsOf } from '../src/db/client.ts';
import { cities } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { addCity, createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { http } from './helpers/http.ts';
import { spreadsheet, uploaded } from './helpers/locations.ts';
import { giveNetlifyToken, published } from './helpers/publishing.ts';

/**
 * The quality gate end to end: a model that writes the same page for every city gets
 * those pages held back (noindex, out of the sitemap and of the county page's featured cards,
 * still linked); an approved page, an edited page and a project without the gate publish
 * normally.
 */

// The same words for every page whatever it is about: the doorway pages the gate is for. Long
// enough (over 300 words) that only sameness and the lack of local facts hold it back.
const SAME_TEXT =
  'Our team brings careful workmanship and honest advice to every job we take on. We explain ' +
  'what we find before any work begins, agree the price in writing and keep the work area ' +
  'clean from start to finish. Customers tell us they value the clear communication, the ' +
  'punctual arrival and the tidy result.';
const SAME_PAGE: FakePageContent = {
  meta: { title: 'Trusted local service', description: 'Careful work at a fair price.' },
  hero: {
    heading: 'Trusted Local Plumbing',
    subheading: 'Careful work, honest advice and a fair price on every job.',
    ctaLabel: 'Get a quote',
  },
  sections: [
    { type: 'text', heading: 'About Our Work', paragraphs: [SAME_TEXT, SAME_TEXT, SAME_TEXT] },
    {
      type: 'services',
      heading: 'What We Do',
      items: ['Drain cleaning', 'Leak repair', 'Water heaters', 'Fixtures', 'Sewer lines'].map(
        (title) => ({
          title,
          description: `${title} done properly, explained first. ${SAME_TEXT}`,
        }),
      ),
    },
    {
      type: 'faq',
      heading: 'Questions',
      items: [
        { question: 'Do you give quotes before starting?', answer: SAME_TEXT },
        { question: 'Is your work guaranteed for a year?', answer: SAME_TEXT },
      ],
    },
    { type: 'cta', heading: 'Book Today', text: SAME_TEXT, buttonLabel: 'Call us' },
  ],
};

let t: TestApp;
let ai: FakeAi;
let netlify: FakeNetlify;
beforeAll(async () => {
  ai = await startFakeAi({ respond: () => JSON.stringify(SAME_PAGE) });
  netlify = await startFakeNetlify();
  t = await createTestApp({
    OPENROUTER_BASE_URL: ai.openRouterUrl,
    OPENAI_BASE_URL: ai.url,
    NETLIFY_API_URL: netlify.url,
  });
});
afterAll(async () => {
  await t.close();
  await ai.close();
  await netlify.close();
});

const { get, post } = http(() => t);

const CITY_ROWS = [
  ['City', 'State', 'County', 'ZIP'],
  ['Austin', 'TX', 'Travis', '78701, 78702'],
  ['Pflugerville', 'TX', 'Travis', '78660'],
  ['Round Rock', 'TX', 'Williamson', '78664'],
];
const PATHS = {
  Austin: '/states/texas/travis-county/austin',
  Pflugerville: '/states/texas/travis-county/pflugerville',
  'Round Rock': '/states/texas/williamson-county/round-rock',
};
type CityName = keyof typeof PATHS;

/** A written project whose city pages the (fake) model wrote all alike, scored. */
async function doorwayProject() {
  const u = await signedInUser(t, { plan: 'basic' });
  await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}` });
  await giveNetlifyToken(t, u.user.id);
  const res = await post('/api/projects/create/', u.headers, {
    name: 'Lone Star Plumbing',
    serviceType: 'Plumbing',
    model: 'anthropic/claude-3.7-sonnet',
    prompt: 'Family plumbers.',
    contactPhoneNumber: '(512) 555-0199',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { data: { id: string } }).data.id;
  await settled(t, id, u.headers);
  await uploaded(t, id, u.headers, [spreadsheet('csv', CITY_ROWS)], {
    model: 'anthropic/claude-3.7-sonnet',
  });
  await settled(t, id, u.headers);
  // Settled and its scoring asked for in one transaction: draining the queue now waits for it.
  expect(await scoringAskedFor(id)).toBe(true);
  await t.drainQueue(QUEUES.scoreSimilarity);
  return { ...u, id };
}

async function scoringAskedFor(projectId: string): Promise<boolean> {
  const found = await t.ctx.db.execute(
    sql`select 1 from ${sql.identifier(t.bossSchema)}.job
         where name = ${QUEUES.scoreSimilarity} and data->>'projectId' = ${projectId}`,
  );
  return rowsOf(found).length > 0;
}

async function lean(id: string, headers: Record<string, string>) {
  const res = await get(`/api/projects/${id}/detail/lean/`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TLeanProjectDetail }).data;
}
const leanCities = (d: TLeanProjectDetail) =>
  new Map<string, TLeanCity>(
    d.states.flatMap((s) => s.counties.flatMap((c) => (c.cities ?? []).map((x) => [x.name, x]))),
  );

/** Deploys and reads back what the site serves: each city page, the sitemap, Travis's page. */
async function deployed(id: string, headers: Record<string, string>) {
  const result = await published(t, id, headers);
  const files = netlify.publishedFiles(new URL(result.netlifyUrl).host);
  const text = (file: string) => files.get(file)?.toString('utf8') ?? '';
  const sitemap = text('/sitemap.xml');
  const travis = text('/states/texas/travis-county.html');
  const page = (name: CityName) => {
    const html = text(`${PATHS[name]}.html`);
    expect(html, name).toContain('<main');
    return {
      noindex: html.includes('<meta name="robots" content="noindex">'),
      inSitemap: sitemap.includes(`${PATHS[name]}</loc>`),
    };
  };
  // Featured: a card of the county page; reachable: linked from it at all.
  const featured = (name: CityName) =>
    travis.includes(`<li class="card"><h3><a href="${PATHS[name]}">`);
  const linked = (name: CityName) => travis.includes(`<a href="${PATHS[name]}">`);
  return { page, featured, linked, sitemap };
}

describe('the quality gate', () => {
  it('holds back pages written alike, and publishes one its owner approves', async () => {
    const u = await doorwayProject();
    const detail = await lean(u.id, u.headers);
    expect(detail.qualityGate).toEqual({
      enabled: true,
      ...QUALITY_GATE_DEFAULTS,
      factNames: [],
    });
    expect(detail.heldBackCities).toBe(3);
    const austin = leanCities(detail).get('Austin')!;
    expect(austin.quality.verdict).toBe('held');
    expect(austin.quality.reasons).toContain('similar');
    expect(austin.quality.reasons).toContain('local');
    expect(austin.quality.localShare).toBe(0);
    expect(austin.quality.wordCount).toBeGreaterThan(QUALITY_GATE_DEFAULTS.minWords);
    const travis = detail.states[0]!.counties.find((c) => c.name === 'Travis County')!;
    expect(travis.heldCount).toBe(2);

    const before = await deployed(u.id, u.headers);
    for (const name of Object.keys(PATHS) as CityName[]) {
      expect(before.page(name), name).toEqual({ noindex: true, inSitemap: false });
    }
    expect(before.featured('Austin')).toBe(false);
    expect(before.linked('Austin')).toBe(true);
    expect(before.sitemap).toContain('/states/texas/travis-county</loc>');

    const approve = await post(`/api/projects/${u.id}/city/${austin.id}/approval/`, u.headers, {
      approved: true,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().data.quality.verdict).toBe('approved');
    expect((await lean(u.id, u.headers)).heldBackCities).toBe(2);

    const after = await deployed(u.id, u.headers);
    expect(after.page('Austin')).toEqual({ noindex: false, inSitemap: true });
    expect(after.featured('Austin')).toBe(true);
    expect(after.page('Pflugerville')).toEqual({ noindex: true, inSitemap: false });
    expect(after.featured('Pflugerville')).toBe(false);
    expect(after.linked('Pflugerville')).toBe(true);

    // Withdrawn, the gate decides again.
    const withdraw = await post(`/api/projects/${u.id}/city/${austin.id}/approval/`, u.headers, {
      approved: false,
    });
    expect(withdraw.json().data.quality.verdict).toBe('held');
  });

  it('judges an edited page as it now reads', async () => {
    const u = await doorwayProject();
    const austin = leanCities(await lean(u.id, u.headers)).get('Austin')!;
    const [row] = await t.ctx.db.select().from(cities).where(eq(cities.id, austin.id));
    // The owner rewrites the page with what only Austin's page can say.
    const local = [
      'Our crews work in every part of Travis County, from downtown to the lakes.',
      'We cover ZIP codes 78701 and 78702 with same-day visits on weekdays.',
      'Pflugerville customers are 15 miles up the road and get the same prices.',
      'Homes near Zilker Park often have original cast iron drains that need care.',
    ];
    const html = `<section class="section"><div class="wrap"><h2>Plumbing in Austin</h2>${local
      .map((p) => `<p>${p} ${SAME_TEXT.slice(0, 160)}</p>`)
      .join(
        '',
      )}${'<p>Austin has grown fast, and its older houses and new builds each need their own kind of plumbing work, which we explain plainly before we start. </p>'.repeat(12)}</div></section>`;
    const save = await post(`/project/${u.id}/city/${austin.id}/save/`, u.headers, {
      html,
      content_html: html,
      meta_tags: row!.metaTags,
    });
    expect(save.statusCode, save.body).toBe(200);
    await t.drainQueue(QUEUES.scoreSimilarity);
    const now = leanCities(await lean(u.id, u.headers)).get('Austin')!;
    expect(now.quality.verdict, JSON.stringify(now.quality)).toBe('passes');
    expect(now.quality.localShare).toBeGreaterThanOrEqual(QUALITY_GATE_DEFAULTS.minLocalShare);
    expect((await deployed(u.id, u.headers)).page('Austin')).toEqual({
      noindex: false,
      inSitemap: true,
    });
  });

  it('follows the project’s own thresholds, and publishes everything with the gate off', async () => {
    const u = await doorwayProject();
    const settings = async (body: object) => {
      const res = await post(`/api/projects/${u.id}/settings/`, u.headers, body);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: TProjectSettings }).data;
    };
    const bad = await post(`/api/projects/${u.id}/settings/`, u.headers, {
      qualityGate: { minLocalShare: 2 },
    });
    expect(bad.statusCode).toBe(400);

    // Lenient enough for these pages but for their sameness.
    const lenient = await settings({ qualityGate: { minLocalShare: 0, minWords: 0 } });
    expect(lenient.qualityGate).toMatchObject({ minLocalShare: 0, minWords: 0 });
    const austin = leanCities(await lean(u.id, u.headers)).get('Austin')!;
    expect(austin.quality.reasons).toEqual(['similar']);
    expect((await lean(u.id, u.headers)).heldBackCities).toBe(3);

    await settings({ qualityGate: { enabled: false } });
    expect((await lean(u.id, u.headers)).heldBackCities).toBe(0);
    const site = await deployed(u.id, u.headers);
    for (const name of Object.keys(PATHS) as CityName[])
      expect(site.page(name), name).toEqual({ noindex: false, inSitemap: true });

    // Null puts a threshold back on its default.
    const reset = await settings({ qualityGate: { enabled: true, minWords: null } });
    expect(reset.qualityGate.minWords).toBe(QUALITY_GATE_DEFAULTS.minWords);
  });
});

describe('pages without scores', () => {
  it('are scored again by the recovery sweep (lost jobs, pages written before the gate)', async () => {
    const u = await doorwayProject();
    await t.ctx.db
      .update(cities)
      .set({ localShare: null, wordCount: null })
      .where(eq(cities.projectId, u.id));
    const before = await lean(u.id, u.headers);
    expect(before.scoringCities).toBe(3);
    expect(before.heldBackCities).toBe(0);
    await t.ctx.modules.generation.recover(new Date());
    await t.drainQueue(QUEUES.scoreSimilarity);
    const after = await lean(u.id, u.headers);
    expect(after.scoringCities).toBe(0);
    expect(after.heldBackCities).toBe(3);
  });
});

describe('the approval call', () => {
  it('answers 404 for another user’s city and 409 for a page not written yet', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const p = await createProject(t, owner.user.id);
    const queued = await addCity(t, p.id, {
      name: 'Kyle',
      county: 'Hays',
      state: 'TX',
      stateName: 'Texas',
      status: 'queued',
    });
    const url = `/api/projects/${p.id}/city/${queued.city.id}/approval/`;
    expect((await post(url, other.headers, { approved: true })).statusCode).toBe(404);
    expect((await post(url, owner.headers, { approved: true })).statusCode).toBe(409);
    expect((await post(url, owner.headers, { approved: 'yes' })).statusCode).toBe(400);
    const bogus = `/api/projects/${p.id}/city/not-a-city/approval/`;
    expect((await post(bogus, owner.headers, { approved: true })).statusCode).toBe(400);
  });
});
