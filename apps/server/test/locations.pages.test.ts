import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG, PAGE_STATUS, PROJECT_STATUS, SIMILARITY_THRESHOLD } from '@cityforge/shared';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { rowsOf } from '../src/db/client.ts';
import { cities as cityTable } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { sendScoreJob } from '../src/modules/locations/similarity.job.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { addCity, createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { detailOf, settled } from './helpers/generation.ts';
import { http } from './helpers/http.ts';
import { citiesOf, spreadsheet, uploaded } from './helpers/locations.ts';

let t: TestApp;
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi();
  t = await createTestApp({ OPENROUTER_BASE_URL: ai.openRouterUrl, OPENAI_BASE_URL: ai.url });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const { get, post, del } = http(() => t);
const HEADER = ['City', 'State', 'County', 'ZIP'];
const CENTRAL_TEXAS = [
  ['Austin', 'TX', 'Travis', '78701, 78702, 78703'],
  ['Pflugerville', 'TX', 'Travis', '78660'],
  ['Round Rock', 'TX', 'Williamson', '78664'],
  ['Georgetown', 'TX', 'Williamson', '78626'],
  ['Kyle', 'TX', 'Hays', '78640'],
  ['San Marcos', 'TX', 'Hays', '78666'],
  ['Boise', 'ID', 'Ada', '83702'],
];

async function projectWithCities(
  fields: Record<string, string> = { model: 'offline-draft' },
  opts: { keys?: boolean } = {},
) {
  const u = await signedInUser(t, { plan: 'basic' });
  if (opts.keys) await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}` });
  const project = await createProject(t, u.user.id, {
    name: 'Lone Star Plumbing',
    serviceType: 'Plumbing',
    contactPhoneNumber: '512-555-0199',
  });
  await uploaded(
    t,
    project.id,
    u.headers,
    [spreadsheet('csv', [HEADER, ...CENTRAL_TEXAS])],
    fields,
  );
  return { ...u, project };
}

/** The project's cities once the similarity job has scored them (it runs after settling). */
async function scoredCities(projectId: string, headers: Record<string, string>) {
  let cities = citiesOf(await detailOf(t, projectId, headers));
  for (let i = 0; i < 100 && cities.some((c) => c.similarity === null); i++) {
    await new Promise((r) => setTimeout(r, 100));
    cities = citiesOf(await detailOf(t, projectId, headers));
  }
  return cities;
}

const htmlOf = async (url: string, headers: Record<string, string>) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { html: string }).html;
};

describe('city pages on the offline model', () => {
  it('writes one local page per city, linked up and across, and scores their sameness', async () => {
    const u = await projectWithCities();
    const detail = await settled(t, u.project.id, u.headers);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    const cities = citiesOf(detail);
    expect(cities).toHaveLength(7);
    expect(cities.every((c) => c.status === PAGE_STATUS.completed)).toBe(true);
    expect(detail.queuedCities).toBe(0);

    // Sameness is scored once the project settles, in its own job.
    const scored = await scoredCities(u.project.id, u.headers);
    const ids = new Set(scored.map((c) => c.id));
    for (const city of scored) {
      expect(city.similarity).toBeGreaterThanOrEqual(0);
      expect(city.similarity).toBeLessThan(SIMILARITY_THRESHOLD);
      expect(city.tooSimilar).toBe(false);
      expect(ids.has(city.similarTo!)).toBe(true);
      expect(city.similarTo).not.toBe(city.id);
    }

    const austin = cities.find((c) => c.name === 'Austin')!;
    const html = await htmlOf(`/api/projects/${u.project.id}/zipcodes/${austin.id}/`, u.headers);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('data-page="city"');
    expect(html).toContain('Travis County');
    for (const zip of ['78701', '78702', '78703']) expect(html).toContain(zip);
    // Up: breadcrumbs to the state and county pages; across: the nearest cities of the project.
    expect(html).toContain('href="/states/texas"');
    expect(html).toContain('href="/states/texas/travis-county"');
    expect(html).toContain('href="/states/texas/travis-county/pflugerville"');
    expect(html).toContain('href="/states/texas/williamson-county/round-rock"');
    expect(html).not.toContain('href="/states/idaho/ada-county/boise"');
    expect(html).toMatch(/"@type":"BreadcrumbList"/);
    expect(html).toMatch(/"@type":"Service"[^<]*"areaServed":\["Austin, TX","78701"/);
    expect(html).not.toMatch(/\d+\s+\w+\s+(Street|St\.|Avenue|Ave\.?|Road|Rd\.|Boulevard|Blvd)\b/);
    expect(html).not.toMatch(/"streetAddress"|"address"/);
    // Each city's page is its own: Kyle's does not read like Austin's.
    const kyle = cities.find((c) => c.name === 'Kyle')!;
    const kyleHtml = await htmlOf(`/api/projects/${u.project.id}/zipcodes/${kyle.id}/`, u.headers);
    expect(kyleHtml).toContain('Hays County');
    expect(kyleHtml).toContain('href="/states/texas/hays-county/san-marcos"');
  });

  it('previews the states, a state and a county as pages linking down the tree', async () => {
    const u = await projectWithCities();
    const detail = await settled(t, u.project.id, u.headers);
    const texas = detail.states.find((s) => s.code === 'TX')!;
    const travis = texas.counties.find((c) => c.name === 'Travis County')!;

    const states = await htmlOf(`/api/projects/${u.project.id}/states/`, u.headers);
    expect(states).toContain('data-page="hub"');
    expect(states).toContain('href="/states/texas"');
    expect(states).toContain('href="/states/idaho"');
    expect(states).toContain('7 cities in 2 states');

    const counties = await htmlOf(`/api/projects/${u.project.id}/counties/${texas.id}/`, u.headers);
    expect(counties).toContain('Plumbing in Texas');
    expect(counties).toContain('href="/states/texas/travis-county"');
    expect(counties).toContain('href="/states/texas/hays-county"');
    expect(counties).not.toContain('Ada County');

    const inTravis = await htmlOf(`/api/projects/${u.project.id}/cities/${travis.id}/`, u.headers);
    expect(inTravis).toContain('href="/states/texas/travis-county/austin"');
    expect(inTravis).toContain('href="/states/texas/travis-county/pflugerville"');
    expect(inTravis).toContain('ZIP 78701, 78702, 78703');
    // Hash links of the header lead back to the homepage from these pages.
    expect(inTravis).not.toMatch(/href="#(faq|services|about)"/);
  });

  it("answers 'Project ID or State ID not found' for an unknown state or another user's project", async () => {
    const u = await projectWithCities();
    const detail = await detailOf(t, u.project.id, u.headers);
    const stranger = await signedInUser(t);
    const stateId = detail.states[0]!.id;
    for (const [url, headers] of [
      [`/api/projects/${u.project.id}/counties/00000000-0000-4000-8000-000000000000/`, u.headers],
      [`/api/projects/${u.project.id}/counties/${stateId}/`, stranger.headers],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(404);
      expect((res.json() as { message: string }).message).toBe(MSG.stateNotFound);
    }
    const malformed = await get(`/api/projects/${u.project.id}/counties/not-a-uuid/`, u.headers);
    expect(malformed.statusCode).toBe(400);
    expect((malformed.json() as { message: string }).message).toBe('Not a valid state id');
    for (const path of ['states/', `cities/${detail.states[0]!.counties[0]!.id}/`]) {
      expect(
        (await get(`/api/projects/${u.project.id}/${path}`, stranger.headers)).statusCode,
      ).toBe(404);
    }
  });

  it('fills the meta-tag template variables per city', async () => {
    const template =
      '<title>Plumber in {city}, {state_id}</title>\n<meta name="description" content="Plumbing across {city}, {state_name}. ZIP codes {zips}.">';
    const u = await projectWithCities({
      model: 'offline-draft',
      handleMetaTagsManually: 'true',
      metaTags: template,
    });
    const detail = await settled(t, u.project.id, u.headers);
    expect(detail.metaTagsTemplate).toBe(template);
    const austin = citiesOf(detail).find((c) => c.name === 'Austin')!;
    const html = await htmlOf(`/api/projects/${u.project.id}/zipcodes/${austin.id}/`, u.headers);
    expect(html).toContain('<title>Plumber in Austin, TX</title>');
    expect(html).toContain(
      '<meta name="description" content="Plumbing across Austin, Texas. ZIP codes 78701, 78702, 78703.">',
    );
    expect(html).not.toContain('{city}');
  });

  it('lets the model write the meta tags when the box is checked', async () => {
    const u = await projectWithCities({
      model: 'offline-draft',
      handleMetaTagsManually: 'false',
      metaTags: 'x {city}',
    });
    const detail = await settled(t, u.project.id, u.headers);
    expect(detail.metaTagsTemplate).toBe('');
    const boise = citiesOf(detail).find((c) => c.name === 'Boise')!;
    const html = await htmlOf(`/api/projects/${u.project.id}/zipcodes/${boise.id}/`, u.headers);
    expect(html).toMatch(/<title>[^<]*Boise[^<]*<\/title>/);
  });
});

describe('city pages through a provider', () => {
  it('sends each city its county, ZIP codes and nearest cities, with no address to invent', async () => {
    const u = await projectWithCities(
      { model: 'anthropic/claude-3.7-sonnet', prompt: 'Mention same-day service.' },
      { keys: true },
    );
    await settled(t, u.project.id, u.headers);
    const austin = ai.requests.find((r) =>
      JSON.stringify(r.messages).includes('Page: Austin, TX'),
    )!;
    const prompt = String(austin.messages.at(-1)!.content);
    expect(prompt).toContain('County: Travis County');
    expect(prompt).toContain('ZIP codes served: 78701, 78702, 78703');
    expect(prompt).toMatch(/Nearby cities we also serve: Pflugerville, TX \(\d+ miles\)/);
    expect(prompt).toContain('Instructions for this page: Mention same-day service.');
    expect(prompt).toMatch(/do not invent neighborhoods, landmarks, streets/);
    // The shared part is the same system message as the project's other calls (prompt caching).
    const systems = new Set(ai.requests.map((r) => JSON.stringify(r.messages[0])));
    expect(systems.size).toBe(1);
  });

  it('rescores a project by writing only the cities whose scores changed', async () => {
    const u = await projectWithCities();
    await settled(t, u.project.id, u.headers);
    const scored = await scoredCities(u.project.id, u.headers);
    // A row's xmin is the transaction that wrote its current version.
    const versions = async () => {
      const rows = await t.ctx.db.execute(
        sql`select id, xmin::text as v from ${cityTable} where ${cityTable.projectId} = ${u.project.id}`,
      );
      return new Map(rowsOf<{ id: string; v: string }>(rows).map((r) => [r.id, r.v]));
    };
    const rescore = async () => {
      await sendScoreJob(t.ctx.boss, u.project.id);
      await t.drainQueue(QUEUES.scoreSimilarity);
    };
    const before = await versions();
    await rescore();
    expect(await versions()).toEqual(before);

    // One page rewritten by hand: its own scores change, so its row is written again.
    const austin = scored.find((c) => c.name === 'Austin')!;
    await t.ctx.db
      .update(cityTable)
      .set({ contentHtml: '<section class="section"><p>Short.</p></section>' })
      .where(eq(cityTable.id, austin.id));
    const edited = await versions();
    await rescore();
    const after = await versions();
    const rewritten = [...after].filter(([id, v]) => edited.get(id) !== v).map(([id]) => id);
    expect(rewritten).toContain(austin.id);
    expect(rewritten.length).toBeLessThan(after.size);
    const words = await t.ctx.db
      .select({ n: cityTable.wordCount })
      .from(cityTable)
      .where(eq(cityTable.id, austin.id));
    expect(words[0]!.n).toBeLessThan(5);
  });

  it('flags pages that read alike and regenerates them on request', async () => {
    // The fake model answers the same template for every city, which is what the measure is for.
    const u = await projectWithCities({ model: 'anthropic/claude-3.7-sonnet' }, { keys: true });
    await settled(t, u.project.id, u.headers);
    const cities = await scoredCities(u.project.id, u.headers);
    expect(cities.every((c) => c.tooSimilar && c.similarity! > 0.9)).toBe(true);

    ai.reset();
    const res = await post(`/api/projects/${u.project.id}/cities/regenerate-similar/`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.similarRegenerating, count: 7 });
    await settled(t, u.project.id, u.headers);
    const again = ai.requests.filter((r) => JSON.stringify(r.messages).includes('Page: '));
    expect(again).toHaveLength(7);
    expect(String(again[0]!.messages.at(-1)!.content)).toMatch(
      /A previous version of this page read too much like/,
    );
  });

  it('fails one city visibly, and retries it', async () => {
    const u = await projectWithCities({ model: 'anthropic/claude-3.7-sonnet' }, { keys: true });
    const stop = ai.failWhile((call) => JSON.stringify(call.messages).includes('Page: Kyle, TX'), {
      status: 401,
    });
    const failed = await settled(t, u.project.id, u.headers);
    expect(failed.status).toBe(PROJECT_STATUS.error);
    const kyle = citiesOf(failed).find((c) => c.name === 'Kyle')!;
    expect(kyle.status).toBe(PAGE_STATUS.failed);
    expect(kyle.failureReason).toBe('OpenRouter rejected the API key.');
    expect(kyle.failedAt).not.toBeNull();
    const preview = await get(`/api/projects/${u.project.id}/zipcodes/${kyle.id}/`, u.headers);
    expect(preview.statusCode).toBe(409);

    stop();
    const res = await post(`/api/projects/${u.project.id}/city/${kyle.id}/retry/`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: MSG.cityRetryInitiated,
      data: { id: kyle.id, status: PAGE_STATUS.inProgress },
    });
    const done = await settled(t, u.project.id, u.headers);
    expect(done.status).toBe(PROJECT_STATUS.created);
    expect(citiesOf(done).find((c) => c.name === 'Kyle')!.status).toBe(PAGE_STATUS.completed);

    const again = await post(`/api/projects/${u.project.id}/city/${kyle.id}/retry/`, u.headers);
    expect(again.statusCode).toBe(409);
    const stranger = await signedInUser(t);
    expect(
      (await post(`/api/projects/${u.project.id}/city/${kyle.id}/retry/`, stranger.headers))
        .statusCode,
    ).toBe(404);
  });
});

describe('deleting a city', () => {
  it('removes the city, its empty county and state, and settles a project that waited on it', async () => {
    const u = await signedInUser(t);
    const project = await createProject(t, u.user.id, { status: PROJECT_STATUS.inProgress });
    const done = await addCity(t, project.id, {
      name: 'Austin',
      county: 'Travis County',
      state: 'TX',
      stateName: 'Texas',
    });
    const waiting = await addCity(t, project.id, {
      name: 'Boise',
      county: 'Ada County',
      state: 'ID',
      stateName: 'Idaho',
      status: PAGE_STATUS.queued,
    });
    const res = await del(`/api/projects/${project.id}/city/${waiting.city.id}/`, u.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.cityDeleted });
    const detail = await detailOf(t, project.id, u.headers);
    expect(detail.states.map((s) => s.code)).toEqual(['TX']);
    expect(detail.totalCities).toBe(1);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    expect(citiesOf(detail)[0]!.id).toBe(done.city.id);
  });
});
