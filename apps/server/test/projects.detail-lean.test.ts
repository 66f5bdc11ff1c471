import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MSG,
  QUALITY_GATE_DEFAULTS,
  ZLeanProjectDetail,
  ZProjectDetail,
  qualityVerdict,
  type TLeanProjectDetail,
} from '@cityforge/shared';
import { aiUsage, cities } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { http } from './helpers/http.ts';
import { addCity, addPage, createProject, signedInUser } from './helpers/factories.ts';

// Three cities inline at most, so a four-city project is a "big" one.
const INLINE = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DETAIL_INLINE_CITIES: String(INLINE) });
});
afterAll(() => t.close());

const { get, post } = http(() => t);
type Json = Record<string, unknown>;
const keysOf = (value: unknown) => Object.keys(value as Json).sort();

const ZIPS = ['78701', '78702', '78703', '78704', '78705', '78712'];

/** Travis (Austin, Pflugerville) and Williamson (Round Rock) in Texas, Miami-Dade in Florida. */
async function texasAndFlorida(userId: string, extra: boolean) {
  const p = await createProject(t, userId);
  await addPage(t, p.id, { kind: 'homepage', name: 'Homepage', slug: 'homepage' });
  await addPage(t, p.id, { kind: 'service', name: 'Drains', slug: 'drains' });
  const tx = { state: 'TX', stateName: 'Texas' };
  const austin = await addCity(t, p.id, { ...tx, name: 'Austin', county: 'Travis', zips: ZIPS });
  const pf = await addCity(t, p.id, { ...tx, name: 'Pflugerville', county: 'Travis' });
  const rr = await addCity(t, p.id, { ...tx, name: 'Round Rock', county: 'Williamson' });
  // Austin's page reads too much like Round Rock's, which sits in another county.
  await t.ctx.db
    .update(cities)
    .set({ similarity: 0.734, similarTo: rr.city.id, localShare: 0.312, wordCount: 512 })
    .where(eq(cities.id, austin.city.id));
  const failedAt = new Date('2026-03-01T10:00:00Z');
  await t.ctx.db
    .update(cities)
    .set({ status: 'Failed', failedAt, failureReason: 'Timed out' })
    .where(eq(cities.id, pf.city.id));
  if (extra)
    await addCity(t, p.id, {
      name: 'Miami',
      county: 'Miami-Dade',
      state: 'FL',
      stateName: 'Florida',
      status: 'queued',
    });
  return { p, austin, pf, rr, failedAt };
}

describe('the lean project detail (the screen’s tree)', () => {
  it('carries every city of a small project, with only what a city row shows', async () => {
    const u = await signedInUser(t);
    const { p, austin, rr, pf, failedAt } = await texasAndFlorida(u.user.id, false);
    const res = await get(`/api/projects/${p.id}/detail/lean/`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    const lean = res.json().data;
    expect(ZLeanProjectDetail.safeParse(lean).success).toBe(true);
    expect(lean).toMatchObject({ totalCities: 3, queuedCities: 0, similarCities: 1 });

    const [texas] = lean.states;
    expect(texas).toMatchObject({ name: 'Texas', code: 'TX', cityCount: 3 });
    expect(keysOf(texas)).toEqual(['cityCount', 'code', 'counties', 'id', 'name']);
    expect(texas.counties.map((c: Json) => [c.name, c.cityCount])).toEqual([
      ['Travis', 2],
      ['Williamson', 1],
    ]);
    const [travis, williamson] = texas.counties;
    expect(travis.cities).toEqual([
      {
        id: austin.city.id,
        name: 'Austin',
        status: 'Completed',
        failedAt: null,
        failureReason: null,
        zips: ZIPS.slice(0, 4),
        zipCount: 6,
        similarity: 0.73,
        tooSimilar: true,
        similarToName: 'Round Rock',
        factCount: 0,
        factsChanged: false,
        servicePages: [],
        quality: {
          verdict: 'held',
          reasons: ['similar'],
          localShare: 0.31,
          wordCount: 512,
          stuffing: null,
        },
      },
      {
        id: pf.city.id,
        name: 'Pflugerville',
        status: 'Failed',
        failedAt: failedAt.toISOString(),
        failureReason: 'Timed out',
        zips: [],
        zipCount: 0,
        similarity: null,
        tooSimilar: false,
        similarToName: null,
        factCount: 0,
        factsChanged: false,
        servicePages: [],
        quality: {
          verdict: 'pending',
          reasons: [],
          localShare: null,
          wordCount: null,
          stuffing: null,
        },
      },
    ]);
    expect(williamson.cities.map((c: Json) => c.id)).toEqual([rr.city.id]);
  });

  it('says what the spec’s answer says besides the tree, which that answer keeps whole', async () => {
    const u = await signedInUser(t);
    const { p } = await texasAndFlorida(u.user.id, true);
    const full = (await get(`/api/projects/${p.id}/detail/`, u.headers)).json().data;
    const lean = (await get(`/api/projects/${p.id}/detail/lean/`, u.headers)).json().data;
    const { states: fullStates, ...fullHead } = full;
    // heldBackCities is on both: the card's project carries it too.
    const {
      states: leanStates,
      similarCities,
      scoringCities,
      failedCities,
      citiesWithFacts,
      factsChangedCities,
      factsChangedServicePages,
      qualityGate,
      ...leanHead
    } = lean;
    expect(leanHead).toEqual(fullHead);
    expect(similarCities).toBe(1);
    expect(leanHead.heldBackCities).toBe(1);
    // Round Rock is written but not scored (Austin is, Pflugerville failed, Miami is queued).
    expect(scoringCities).toBe(1);
    expect(failedCities).toBe(1);
    expect([citiesWithFacts, factsChangedCities, factsChangedServicePages]).toEqual([0, 0, 0]);
    expect(qualityGate).toEqual({ enabled: true, ...QUALITY_GATE_DEFAULTS, factNames: [] });
    expect(leanStates.map((s: Json) => s.name)).toEqual(['Florida', 'Texas']);

    // The spec's detail, past the threshold too: every city with its model, usage and slug.
    expect(ZProjectDetail.safeParse(full).success).toBe(true);
    expect(fullHead).toMatchObject({ totalCities: 4, queuedCities: 1 });
    expect(keysOf(fullStates[1])).toEqual(['code', 'counties', 'id', 'name', 'slug']);
    expect(keysOf(fullStates[1].counties[0])).toEqual(['cities', 'id', 'name', 'slug']);
    const austin = fullStates[1].counties[0].cities[0];
    expect(keysOf(austin)).toEqual([
      'factCount',
      'failedAt',
      'failureReason',
      'id',
      'model',
      'name',
      'servicePages',
      'similarTo',
      'similarity',
      'slug',
      'status',
      'tooSimilar',
      'usage',
      'zips',
    ]);
    expect(austin).toMatchObject({
      name: 'Austin',
      model: { id: 'offline-draft', name: 'Offline draft' },
      zips: ZIPS,
    });
    const names = fullStates.flatMap((s: { counties: { cities: Json[] }[] }) =>
      s.counties.flatMap((c) => c.cities.map((x) => x.name)),
    );
    expect(names).toEqual(['Miami', 'Austin', 'Pflugerville', 'Round Rock']);
  });

  it('past the threshold, counties come with counts and their cities on request', async () => {
    const u = await signedInUser(t);
    const { p, austin, pf, rr } = await texasAndFlorida(u.user.id, true);
    const lean = (await get(`/api/projects/${p.id}/detail/lean/`, u.headers)).json().data;
    expect(lean).toMatchObject({ totalCities: 4, queuedCities: 1, similarCities: 1 });
    const counties = lean.states.flatMap((s: { counties: Json[] }) => s.counties);
    expect(counties.map((c: Json) => [c.name, c.cityCount, c.heldCount, c.cities])).toEqual([
      ['Miami-Dade', 1, 0, null],
      ['Travis', 2, 1, null],
      ['Williamson', 1, 0, null],
    ]);
    expect(lean.states.map((s: Json) => s.cityCount)).toEqual([1, 3]);

    const travis = await get(
      `/api/projects/${p.id}/detail/counties/${austin.county.id}/`,
      u.headers,
    );
    expect(travis.statusCode, travis.body).toBe(200);
    expect(travis.json().data.map((c: Json) => [c.id, c.name, c.similarToName])).toEqual([
      [austin.city.id, 'Austin', 'Round Rock'],
      [pf.city.id, 'Pflugerville', null],
    ]);
    expect(travis.json().data[0]).toEqual({
      id: austin.city.id,
      name: 'Austin',
      status: 'Completed',
      failedAt: null,
      failureReason: null,
      zips: ZIPS.slice(0, 4),
      zipCount: 6,
      similarity: 0.73,
      tooSimilar: true,
      similarToName: 'Round Rock',
      factCount: 0,
      factsChanged: false,
      servicePages: [],
      quality: {
        verdict: 'held',
        reasons: ['similar'],
        localShare: 0.31,
        wordCount: 512,
        stuffing: null,
      },
    });
    const williamson = await get(
      `/api/projects/${p.id}/detail/counties/${rr.county.id}/`,
      u.headers,
    );
    expect(williamson.json().data.map((c: Json) => c.name)).toEqual(['Round Rock']);
  });

  it('is revalidated with 304 while nothing changes, both the tree and an opened county', async () => {
    const u = await signedInUser(t);
    const { p, austin } = await texasAndFlorida(u.user.id, true);
    for (const url of [
      `/api/projects/${p.id}/detail/lean/`,
      `/api/projects/${p.id}/detail/counties/${austin.county.id}/`,
    ]) {
      const first = await get(url, u.headers);
      const tag = String(first.headers.etag);
      expect((await get(url, { ...u.headers, 'if-none-match': tag })).statusCode).toBe(304);
      await t.ctx.db
        .update(cities)
        .set({ status: 'In progress' })
        .where(eq(cities.id, austin.city.id));
      const changed = await get(url, { ...u.headers, 'if-none-match': tag });
      expect(changed.statusCode).toBe(200);
      await t.ctx.db
        .update(cities)
        .set({ status: 'Completed' })
        .where(eq(cities.id, austin.city.id));
    }
  });

  it('shows superusers the usage of the project and its pages, never per city', async () => {
    const owner = await signedInUser(t);
    const admin = await signedInUser(t, { superuser: true });
    const { p, austin } = await texasAndFlorida(owner.user.id, false);
    const [home] = (await get(`/api/projects/${p.id}/detail/`, owner.headers)).json().data.pages;
    const usage = { userId: owner.user.id, projectId: p.id, model: 'offline-draft' };
    await t.ctx.db.insert(aiUsage).values([
      { ...usage, pageId: home.id, callType: 'page', totalTokens: 10 },
      { ...usage, cityId: austin.city.id, callType: 'city', totalTokens: 20 },
    ]);
    const lean = (await get(`/api/projects/${p.id}/detail/lean/`, admin.headers)).json().data;
    expect(lean.usage).toHaveLength(2);
    expect(lean.pages[0].usage).toHaveLength(1);
    expect(JSON.stringify(lean.states)).not.toContain('usage');
    const mine = (await get(`/api/projects/${p.id}/detail/lean/`, owner.headers)).json().data;
    expect(mine.usage).toEqual([]);
  });
});

describe('a county’s cities', () => {
  it("answers 404 for another user's project, a county of another project or a missing one, 400 for a malformed id", async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const { p, austin } = await texasAndFlorida(owner.user.id, true);
    const own = await texasAndFlorida(other.user.id, false);
    const url = (project: string, county: string) =>
      `/api/projects/${project}/detail/counties/${county}/`;

    const foreign = await get(url(p.id, austin.county.id), other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: MSG.projectNotFoundTitle });
    expect(foreign.body).not.toContain('Austin');
    const lean = await get(`/api/projects/${p.id}/detail/lean/`, other.headers);
    expect(lean.statusCode).toBe(404);

    // The owner's county named through one's own project.
    const crossed = await get(url(own.p.id, austin.county.id), other.headers);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.body).not.toContain('Austin');
    const missing = await get(url(p.id, '00000000-0000-4000-8000-000000000000'), owner.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'County not found.' });
    // Not an id at all: refused by the contract, naming the field.
    for (const bad of ['not-a-county', 'x'.repeat(65)]) {
      const res = await get(url(p.id, bad), owner.headers);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors, bad).toEqual({ countyId: ['Not a valid county id'] });
    }
    expect((await get(url(p.id, austin.county.id), {})).statusCode).toBe(401);
    const admin = await signedInUser(t, { superuser: true });
    expect((await get(url(p.id, austin.county.id), admin.headers)).statusCode).toBe(200);
  });

  it('counts each city in the buckets its row puts it in, per county, under the project’s own gate', async () => {
    const u = await signedInUser(t);
    const p = await createProject(t, u.user.id);
    const gate = { enabled: true, maxSimilarity: 0.3, minLocalShare: 0.25, minWords: 400 };
    const saved = await post(`/api/projects/${p.id}/settings/`, u.headers, { qualityGate: gate });
    expect(saved.statusCode, saved.body).toBe(200);
    type Row = {
      status: string;
      similarity: number | null;
      localShare: number | null;
      wordCount: number | null;
      approved: boolean;
    };
    const rows: Row[] = [];
    const statuses = ['queued', 'In progress', 'Completed', 'Completed', 'Failed', 'Completed'];
    const scores: Array<[number | null, number | null, number | null]> = [
      [0.1, 0.5, 900], // passes
      [0.3, 0.5, 900], // at the similarity limit: passes
      [0.31, 0.5, 900], // too similar
      [0.1, 0.2, 900], // too little local substance
      [0.1, 0.5, 100], // too short
      [null, 0.5, 900], // not scored yet
      [0.9, null, null], // similar, and not scored yet
    ];
    let n = 0;
    for (const status of statuses)
      for (const [similarity, localShare, wordCount] of scores) {
        n++;
        const approved = n % 5 === 0;
        const { city } = await addCity(t, p.id, {
          name: `Town ${n}`,
          county: n % 3 ? 'Travis' : 'Hays',
          state: 'TX',
          stateName: 'Texas',
          status,
        });
        await t.ctx.db
          .update(cities)
          .set({ similarity, localShare, wordCount, approvedAt: approved ? new Date() : null })
          .where(eq(cities.id, city.id));
        rows.push({ status, similarity, localShare, wordCount, approved });
      }
    const completed = (r: Row) => r.status === 'Completed';
    const scored = (r: Row) =>
      r.similarity !== null && r.localShare !== null && r.wordCount !== null;
    const held = (r: Row) =>
      completed(r) &&
      scored(r) &&
      qualityVerdict({ ...r, approved: r.approved }, gate).verdict === 'held';
    const count = (test: (r: Row) => boolean, list = rows) => list.filter(test).length;

    const lean = (await get(`/api/projects/${p.id}/detail/lean/`, u.headers)).json()
      .data as TLeanProjectDetail;
    expect(lean).toMatchObject({
      totalCities: rows.length,
      queuedCities: count((r) => r.status === 'queued' || r.status === 'In progress'),
      similarCities: count((r) => completed(r) && r.similarity !== null && r.similarity > 0.3),
      heldBackCities: count(held),
      scoringCities: count((r) => completed(r) && !scored(r)),
      failedCities: count((r) => r.status === 'Failed'),
    });
    expect(lean.heldBackCities).toBeGreaterThan(0);
    const inCounty = (name: string) =>
      rows.filter((_, i) => ((i + 1) % 3 ? 'Travis' : 'Hays') === name);
    const counties = lean.states[0]!.counties;
    expect(counties.map((c) => [c.name, c.cityCount, c.heldCount])).toEqual(
      ['Hays', 'Travis'].map((name) => [name, inCounty(name).length, count(held, inCounty(name))]),
    );
  });
});
