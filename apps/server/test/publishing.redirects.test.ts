import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SITE_REDIRECTS_PAGE_SIZE, type TPaged, type TSiteRedirect } from '@cityforge/shared';
import { startFakeIndexNow, type FakeIndexNow } from '@cityforge/fakes/indexnow';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { cities, locationCounties } from '../src/db/schema/index.ts';
import {
  planRedirects,
  type PublishedPage,
  type RememberedAddress,
} from '../src/modules/publishing/site-redirects.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signedInUser } from './helpers/factories.ts';
import { http } from './helpers/http.ts';
import { published, siteProject } from './helpers/publishing.ts';
import { unzip } from './helpers/zip.ts';

let t: TestApp;
let netlify: FakeNetlify;
let indexNow: FakeIndexNow;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  indexNow = await startFakeIndexNow();
  t = await createTestApp({
    NETLIFY_API_URL: netlify.url,
    INDEXNOW_URL: indexNow.url,
    INDEXNOW_TIMEOUT_SECONDS: '2',
  });
});
afterAll(async () => {
  await t.close();
  await netlify.close();
  await indexNow.close();
});

const { get, post, del } = http(() => t);
let seq = 0;

const SHEET = [
  ['City', 'State', 'County', 'ZIP'],
  ['Austin', 'TX', 'Travis', '78701'],
  ['Pflugerville', 'TX', 'Travis', '78660'],
  ['Manor', 'TX', 'Travis', '78653'],
  ['Round Rock', 'TX', 'Williamson', '78664'],
  ['Georgetown', 'TX', 'Williamson', '78626'],
  ['Boise', 'ID', 'Ada', '83702'],
  ['Meridian', 'ID', 'Ada', '83642'],
];

const TRAVIS = '/states/texas/travis-county';
const WILLIAMSON = '/states/texas/williamson-county';
const ADA = '/states/idaho/ada-county';

/** A written site on a verified domain with IndexNow on, so every deploy tells IndexNow. */
async function verifiedSite() {
  const u = await siteProject(t, { cities: SHEET });
  const domain = `redirects-${++seq}-${Date.now().toString(36)}.test`;
  const set = await post(`/api/projects/${u.id}/domain/`, u.headers, { clientDomain: domain });
  expect(set.statusCode, set.body).toBe(200);
  await t.ctx.repos.projectsRepo.update(u.id, { isDomainVerified: true });
  return { ...u, domain };
}

async function cityRow(projectId: string, name: string) {
  const [row] = await t.ctx.db
    .select()
    .from(cities)
    .where(and(eq(cities.projectId, projectId), eq(cities.name, name)));
  return row!;
}

/** Renames a city's page: its name and slug (its address) change, it stays the same city. */
async function rename(projectId: string, name: string, to: { name: string; slug: string }) {
  const city = await cityRow(projectId, name);
  await t.ctx.db.update(cities).set(to).where(eq(cities.id, city.id));
}

/** The site's 301s as the deployed `_redirects` file says them, by old address. */
function redirectsOf(files: Map<string, Buffer>): Map<string, string> {
  const rules = new Map<string, string>();
  const text = files.get('/_redirects')?.toString('utf8') ?? '';
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [from, to, status] = line.split(' ');
    expect(status).toBe('301');
    rules.set(from!, to!);
  }
  return rules;
}

function sitemapOf(files: Map<string, Buffer>): string {
  return files.get('/sitemap.xml')!.toString('utf8');
}

const toldSince = (host: string, from: number) =>
  indexNow.submissions
    .filter((s) => s.host === host)
    .slice(from)
    .flatMap((s) => s.urlList);

async function listed(u: { id: string; headers: Record<string, string> }, page = 1) {
  const res = await get(`/api/projects/${u.id}/redirects/?page=${page}`, u.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPaged<TSiteRedirect>;
}

describe('pages that go away redirect', () => {
  it('deleted, renamed, moved and merged city pages get 301s in the deployed site and the ZIP', async () => {
    const u = await verifiedSite();
    const first = await published(t, u.id, u.headers);
    expect(first.deployment.state).toBe('ready');
    const before = netlify.publishedFiles(u.domain);
    expect(before.has('/_redirects')).toBe(false);
    expect(netlify.visit(u.domain, `${TRAVIS}/pflugerville`).status).toBe(200);
    expect((await listed(u)).count).toBe(0);

    // Deleted; renamed (a new slug); moved into another county; merged into a neighbour (it
    // takes the merged city's ZIP code, the merged city goes).
    const pflugerville = await cityRow(u.id, 'Pflugerville');
    expect(
      (await del(`/api/projects/${u.id}/city/${pflugerville.id}/`, u.headers)).statusCode,
    ).toBe(200);
    await rename(u.id, 'Austin', { name: 'Austin City', slug: 'austin-city' });
    const [travis] = await t.ctx.db
      .select()
      .from(locationCounties)
      .where(and(eq(locationCounties.projectId, u.id), eq(locationCounties.slug, 'travis-county')));
    const georgetown = await cityRow(u.id, 'Georgetown');
    await t.ctx.db.update(cities).set({ countyId: travis!.id }).where(eq(cities.id, georgetown.id));
    const boise = await cityRow(u.id, 'Boise');
    const meridian = await cityRow(u.id, 'Meridian');
    await t.ctx.db
      .update(cities)
      .set({ zips: [...boise.zips, ...meridian.zips] })
      .where(eq(cities.id, boise.id));
    expect((await del(`/api/projects/${u.id}/city/${meridian.id}/`, u.headers)).statusCode).toBe(
      200,
    );

    const toldBefore = indexNow.submissions.filter((s) => s.host === u.domain).length;
    const second = await published(t, u.id, u.headers);
    expect(second.deployment.state).toBe('ready');
    const files = netlify.publishedFiles(u.domain);
    const expected = new Map([
      [`${ADA}/meridian`, ADA],
      [`${TRAVIS}/austin`, `${TRAVIS}/austin-city`],
      [`${TRAVIS}/pflugerville`, TRAVIS],
      [`${WILLIAMSON}/georgetown`, `${TRAVIS}/georgetown`],
    ]);
    expect(redirectsOf(files)).toEqual(expected);

    // A visitor of an old address is sent on with a 301 to a page the site has.
    for (const [from, to] of expected) {
      expect(netlify.visit(u.domain, from)).toEqual({ status: 301, location: to });
      expect(netlify.visit(u.domain, to).status).toBe(200);
    }

    // The sitemap names the new addresses and none of the old ones.
    const sitemap = sitemapOf(files);
    for (const from of expected.keys()) expect(sitemap).not.toContain(`${from}<`);
    expect(sitemap).toContain(`https://${u.domain}${TRAVIS}/austin-city<`);
    expect(sitemap).toContain(`https://${u.domain}${TRAVIS}/georgetown<`);

    // IndexNow heard of every address that went away.
    const told = toldSince(u.domain, toldBefore);
    for (const from of expected.keys()) expect(told).toContain(`https://${u.domain}${from}`);

    // The ZIP download carries the same file.
    const zip = await get(`/api/projects/${u.id}/download-site/`, u.headers);
    expect(zip.statusCode, zip.body).toBe(200);
    const zipped = await unzip(zip.rawPayload);
    expect(zipped.get('/_redirects')?.toString()).toBe(files.get('/_redirects')?.toString());

    // The project screen's list: every redirect, with when it began.
    const list = await listed(u);
    expect(list.count).toBe(4);
    expect(list.next).toBeNull();
    expect(new Map(list.results.map((r) => [r.from, r.to]))).toEqual(expected);
    for (const r of list.results) expect(Date.parse(r.since)).toBeGreaterThan(0);
  });

  it('keeps redirects across deploys, collapses chains and drops an address that is a page again', async () => {
    const u = await verifiedSite();
    await published(t, u.id, u.headers);
    await rename(u.id, 'Austin', { name: 'Austin City', slug: 'austin-city' });
    await published(t, u.id, u.headers);
    expect(redirectsOf(netlify.publishedFiles(u.domain))).toEqual(
      new Map([[`${TRAVIS}/austin`, `${TRAVIS}/austin-city`]]),
    );

    // A → B, then B → C: both lead to C, in one hop.
    await rename(u.id, 'Austin City', { name: 'Austin Metro', slug: 'austin-metro' });
    const toldBefore = indexNow.submissions.filter((s) => s.host === u.domain).length;
    await published(t, u.id, u.headers);
    expect(redirectsOf(netlify.publishedFiles(u.domain))).toEqual(
      new Map([
        [`${TRAVIS}/austin`, `${TRAVIS}/austin-metro`],
        [`${TRAVIS}/austin-city`, `${TRAVIS}/austin-metro`],
      ]),
    );
    expect(netlify.visit(u.domain, `${TRAVIS}/austin`)).toEqual({
      status: 301,
      location: `${TRAVIS}/austin-metro`,
    });
    const told = toldSince(u.domain, toldBefore);
    expect(told).toContain(`https://${u.domain}${TRAVIS}/austin`);
    expect(told).toContain(`https://${u.domain}${TRAVIS}/austin-city`);

    // Unchanged: the same redirects again, nothing new told about them.
    const quiet = await published(t, u.id, u.headers);
    expect(quiet.deployment.indexNow).toBe('IndexNow: nothing changed');
    expect(redirectsOf(netlify.publishedFiles(u.domain)).size).toBe(2);

    // The first address is a page again: it is served, and only the others lead to it.
    await rename(u.id, 'Austin Metro', { name: 'Austin', slug: 'austin' });
    await published(t, u.id, u.headers);
    expect(redirectsOf(netlify.publishedFiles(u.domain))).toEqual(
      new Map([
        [`${TRAVIS}/austin-city`, `${TRAVIS}/austin`],
        [`${TRAVIS}/austin-metro`, `${TRAVIS}/austin`],
      ]),
    );
    expect(netlify.visit(u.domain, `${TRAVIS}/austin`).status).toBe(200);
    const list = await listed(u);
    expect(list.results.map((r) => r.from).sort()).toEqual([
      `${TRAVIS}/austin-city`,
      `${TRAVIS}/austin-metro`,
    ]);
  });

  it("answers 404 for another user's project and 400 for a bad id or page", async () => {
    const owner = await signedInUser(t);
    const other = await siteProject(t);
    const foreign = await get(`/api/projects/${other.id}/redirects/`, owner.headers);
    expect(foreign.statusCode).toBe(404);
    const bad = await get('/api/projects/zzz/redirects/', owner.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: expect.stringContaining('Not a valid project id'),
    });
    const page = await get(`/api/projects/${other.id}/redirects/?page=0`, other.headers);
    expect(page.statusCode).toBe(400);
    expect((await get(`/api/projects/${other.id}/redirects/`, other.headers)).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it('lists redirects newest first, a page at a time', async () => {
    const u = await siteProject(t);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const gone = Array.from({ length: 25 }, (_, i) => ({
      path: `/old-${String(i).padStart(2, '0')}`,
      kind: 'main',
      cityId: null,
      serviceSlug: null,
      redirectTo: '/',
      redirectedAt: day(i + 1),
    }));
    const live = { ...gone[0]!, path: '/about-us', redirectTo: null, redirectedAt: null };
    await t.ctx.repos.publishingRepo.saveSiteAddresses(u.id, [...gone, live]);
    const first = await listed(u);
    expect(first.count).toBe(25);
    expect(first.results).toHaveLength(SITE_REDIRECTS_PAGE_SIZE);
    expect(first.results[0]).toEqual({ from: '/old-24', to: '/', since: day(25).toISOString() });
    expect(first.next).toBe(`/api/projects/${u.id}/redirects/?page=2`);
    const second = await listed(u, 2);
    expect(second.results.map((r) => r.from)).toEqual([
      '/old-04',
      '/old-03',
      '/old-02',
      '/old-01',
      '/old-00',
    ]);
    expect(second.next).toBeNull();
    expect(second.previous).toBe(`/api/projects/${u.id}/redirects/?page=1`);
  });
});

describe('the redirect rule', () => {
  const page = (
    path: string,
    cityId: string | null = null,
    kind = cityId ? 'city' : 'hub',
  ): PublishedPage => ({ path, kind, cityId, serviceSlug: null });
  const live = (p: PublishedPage): RememberedAddress => ({
    ...p,
    redirectTo: null,
    redirectedAt: null,
  });
  const now = new Date('2026-01-01T00:00:00Z');

  it('sends a gone page of a service in a city to its city page, and past a gone county upward', () => {
    const cityId = '00000000-0000-4000-8000-000000000001';
    const service = {
      path: '/states/texas/travis-county/austin/drain-cleaning',
      kind: 'city-service',
      cityId,
      serviceSlug: 'drain-cleaning',
    };
    const remembered = [
      live(page('/')),
      live(page('/states/texas')),
      live(page('/states/texas/travis-county')),
      live(page('/states/texas/travis-county/austin', cityId)),
      live(service),
      live(page('/states/texas/travis-county/3f/manor', '00000000-0000-4000-8000-000000000002')),
    ];
    // The service page gone, its city page kept; the overflow city and its county gone.
    const plan = planRedirects(
      remembered,
      [page('/'), page('/states/texas'), page('/states/texas/travis-county/austin', cityId)],
      now,
    );
    expect(plan.redirects).toEqual([
      { from: '/states/texas/travis-county', to: '/states/texas' },
      { from: '/states/texas/travis-county/3f/manor', to: '/states/texas' },
      { from: service.path, to: '/states/texas/travis-county/austin' },
    ]);
    expect(plan.changes.every((c) => c.redirectedAt === now)).toBe(true);

    // The same service page at the city's new address: it follows its city.
    const moved = planRedirects(
      remembered,
      [page('/'), { ...service, path: '/states/texas/hays-county/austin/drain-cleaning' }],
      now,
    );
    expect(moved.redirects).toContainEqual({
      from: service.path,
      to: '/states/texas/hays-county/austin/drain-cleaning',
    });
  });
});
