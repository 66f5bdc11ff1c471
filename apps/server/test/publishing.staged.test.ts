import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import {
  MSG,
  type TProject,
  type TProjectSettings,
  type TUpdateProjectSettings,
} from '@cityforge/shared';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { fromConnectionString, type DbHandle } from '../src/db/client.ts';
import { cities, deploys } from '../src/db/schema/index.ts';
import { createBoss, startBoss } from '../src/jobs/boss.ts';
import { createContext } from '../src/context.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { giveKeys, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import type { Headers } from './helpers/http.ts';
import { FIFTY_CITIES, spreadsheet, uploaded } from './helpers/locations.ts';
import { batchOut, giveNetlifyToken, makeDue, projectOf, published } from './helpers/publishing.ts';
import { until } from './helpers/wait.ts';

// The release check runs every second here, so a batch made due goes out at once.
let t: TestApp;
let netlify: FakeNetlify;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  t = await createTestApp({ NETLIFY_API_URL: netlify.url, RELEASE_CHECK_SECONDS: '1' });
});
afterAll(async () => {
  await t.close();
  await netlify.close();
});

const TEN = FIFTY_CITIES.slice(0, 10);
// One upload's cities share their creation time: batches go out by name.
const BY_NAME = TEN.map(([city]) => city).sort((a, b) => a.localeCompare(b));
const CITY_PAGE = /^\/states\/[^/]+\/[^/]+\/[^/]+\.html$/;

/** A user with a Netlify token and a written project of ten city pages (offline model). */
async function writtenProject(t: TestApp, rows = TEN) {
  const u = await signedInUser(t, { plan: 'basic' });
  await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}` });
  await giveNetlifyToken(t, u.user.id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects/create/',
    headers: u.headers,
    payload: { name: 'Staged Plumbing', serviceType: 'Plumbing', model: 'offline-draft' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { data: { id: string } }).data.id;
  await settled(t, id, u.headers);
  await addCities(t, id, u.headers, rows);
  return { ...u, id };
}

async function addCities(t: TestApp, id: string, headers: Headers, rows: typeof TEN) {
  await uploaded(t, id, headers, [
    spreadsheet('csv', [['City', 'State', 'County', 'ZIP'], ...rows]),
  ]);
  await settled(t, id, headers);
}

type ReleaseInput = NonNullable<TUpdateProjectSettings['release']>;

async function setRelease(t: TestApp, id: string, headers: Headers, release: ReleaseInput) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${id}/settings/`,
    headers,
    payload: { release },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TProjectSettings }).data.release;
}

const deployCount = async (t: TestApp, id: string) =>
  (await t.ctx.db.select({ n: count() }).from(deploys).where(eq(deploys.projectId, id)))[0]!.n;

/** The site as Netlify serves it: its city pages and its sitemap's lastmod by path. */
function liveSite(project: TProject) {
  const host = new URL(project.netlifySiteUrl!).host;
  const files = netlify.publishedFiles(host);
  const sitemap = files.get('/sitemap.xml')?.toString('utf8') ?? '';
  const lastmod = new Map<string, string>();
  for (const [, loc, mod] of sitemap.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g))
    lastmod.set(new URL(loc!).pathname, mod!);
  return {
    files,
    cityPages: [...files.keys()].filter((f) => CITY_PAGE.test(f)).sort(),
    lastmod,
    text: (file: string) => files.get(file)?.toString('utf8') ?? '',
  };
}

/** Released cities in release order, with the path of their page. */
async function released(t: TestApp, id: string) {
  return t.ctx.db
    .select({ name: cities.name, slug: cities.slug, releasedAt: cities.releasedAt })
    .from(cities)
    .where(and(eq(cities.projectId, id), isNotNull(cities.releasedAt)))
    .orderBy(asc(cities.releasedAt), asc(cities.name));
}

const wallClock = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

describe('staged releases', () => {
  it('releases one batch per scheduled run, moving the sitemap and the next batch', async () => {
    const u = await writtenProject(t);
    const plan = await setRelease(t, u.id, u.headers, {
      perDay: 3,
      time: '09:00',
      timeZone: 'America/Chicago',
    });
    expect(plan).toEqual({ perDay: 3, time: '09:00', timeZone: 'America/Chicago', paused: false });
    const before = await projectOf(t, u.id, u.headers);
    expect(before.release).toMatchObject({ perDay: 3, live: 0, written: 10, total: 10 });
    const firstDue = before.release!.nextAt!;
    expect(new Date(firstDue).getTime()).toBeGreaterThan(Date.now());
    expect(wallClock(firstDue, 'America/Chicago')).toBe('09:00');

    // The first deploy (the Deploy button) creates the site: no city page is released yet,
    // and the county pages name their cities without linking them.
    const first = await published(t, u.id, u.headers);
    const empty = liveSite({ ...before, netlifySiteUrl: first.netlifyUrl });
    expect(empty.cityPages).toEqual([]);
    const travis = empty.text('/states/texas/travis-county.html');
    expect(travis).toContain('Austin');
    expect(travis).not.toContain('/states/texas/travis-county/austin');
    expect([...empty.lastmod.keys()].filter((p) => p.split('/').length === 5)).toEqual([]);

    // A run before the batch is due releases nothing.
    expect(await t.ctx.modules.publishing.releases.releaseDue()).toEqual([]);
    expect((await projectOf(t, u.id, u.headers)).release?.live).toBe(0);

    const names: string[][] = [];
    for (const live of [3, 6, 9, 10]) {
      const deploysBefore = await deployCount(t, u.id);
      const since = await makeDue(t, u.id);
      const after = await batchOut(t, u.id, u.headers, live, since);
      // One deploy per batch, and the next batch is tomorrow's 09:00 in Chicago.
      expect(await deployCount(t, u.id)).toBe(deploysBefore + 1);
      expect(new Date(after.release!.nextAt!).getTime()).toBeGreaterThan(Date.now());
      expect(wallClock(after.release!.nextAt!, 'America/Chicago')).toBe('09:00');

      const rows = await released(t, u.id);
      names.push(rows.map((r) => r.name));
      const site = liveSite(after);
      expect(site.cityPages).toHaveLength(live);
      for (const row of rows) {
        const path = site.cityPages.find((p) => p.endsWith(`/${row.slug}.html`));
        expect(path, row.name).toBeDefined();
        // The sitemap names the page no earlier than its release.
        const mod = site.lastmod.get(path!.replace(/\.html$/, ''));
        expect(mod, row.name).toBeDefined();
        expect(new Date(mod!).getTime()).toBeGreaterThanOrEqual(row.releasedAt!.getTime());
      }
    }
    // Batches in upload order (one upload: by name), each page released once.
    expect(names.map((n) => n.length)).toEqual([3, 6, 9, 10]);
    expect(names[3]).toEqual(expect.arrayContaining(BY_NAME));
    for (let i = 1; i < names.length; i += 1)
      expect(names[i]!.slice(0, names[i - 1]!.length)).toEqual(names[i - 1]);
    expect(names[0]).toEqual(BY_NAME.slice(0, 3));
    const austin = liveSite(await projectOf(t, u.id, u.headers)).text(
      '/states/texas/travis-county.html',
    );
    expect(austin).toContain('/states/texas/travis-county/austin');

    // Nothing left to release: the run moves the schedule on without an empty deploy.
    const deploysBefore = await deployCount(t, u.id);
    await makeDue(t, u.id);
    await until(
      () => projectOf(t, u.id, u.headers),
      (p) => p.release!.nextAt! >= new Date().toISOString(),
      'the empty batch to be claimed',
    );
    expect(await deployCount(t, u.id)).toBe(deploysBefore);
    expect((await projectOf(t, u.id, u.headers)).release).toMatchObject({ live: 10, total: 10 });
  });

  it('releases nothing while paused; resuming schedules the next batch anew', async () => {
    const u = await writtenProject(t, TEN.slice(0, 4));
    await setRelease(t, u.id, u.headers, { perDay: 2, time: '07:30', timeZone: 'UTC' });
    await published(t, u.id, u.headers);
    const pause = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${u.id}/release/paused/`,
      headers: u.headers,
      payload: { paused: true },
    });
    expect(pause.statusCode, pause.body).toBe(200);
    expect(pause.json()).toMatchObject({
      message: MSG.releasePaused,
      data: { release: { paused: true, live: 0, written: 4 } },
    });

    await makeDue(t, u.id);
    expect(await t.ctx.modules.publishing.releases.releaseDue()).toEqual([]);
    const paused = await projectOf(t, u.id, u.headers);
    expect(paused.release).toMatchObject({ paused: true, live: 0 });
    expect(new Date(paused.release!.nextAt!).getTime()).toBeLessThan(Date.now());

    const resume = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${u.id}/release/paused/`,
      headers: u.headers,
      payload: { paused: false },
    });
    expect(resume.statusCode, resume.body).toBe(200);
    const resumed = (resume.json() as { data: TProject }).data.release!;
    expect(resumed.paused).toBe(false);
    // Not the batch missed while paused: the next 07:30 UTC from now.
    expect(new Date(resumed.nextAt!).getTime()).toBeGreaterThan(Date.now());
    expect(resumed.nextAt!.slice(11, 16)).toBe('07:30');

    const since = await makeDue(t, u.id);
    await batchOut(t, u.id, u.headers, 2, since);

    // Bad input, and a project without staging.
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${u.id}/release/paused/`,
      headers: u.headers,
      payload: { paused: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    await setRelease(t, u.id, u.headers, { perDay: null });
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${u.id}/release/paused/`,
      headers: u.headers,
      payload: { paused: true },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(MSG.releaseNotStaged);
  });

  it('releases every written page now with one deploy; staging stays on', async () => {
    const u = await writtenProject(t);
    await setRelease(t, u.id, u.headers, { perDay: 3 });
    await published(t, u.id, u.headers);

    // Another user's project is not found, exactly like a missing one.
    const other = await signedInUser(t);
    for (const [url, payload] of [
      [`/api/projects/${u.id}/release/all/`, undefined],
      [`/api/projects/${u.id}/release/paused/`, { paused: true }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: other.headers, payload });
      expect(res.statusCode, url).toBe(404);
    }

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${u.id}/release/all/`,
      headers: u.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deployment.state).toBe('ready');
    const after = await projectOf(t, u.id, u.headers);
    expect(after.release).toMatchObject({ perDay: 3, live: 10, written: 10, total: 10 });
    expect(liveSite(after).cityPages).toHaveLength(10);
    // The list's cards and the detail screen carry the same progress.
    for (const url of ['/api/projects/', `/api/projects/${u.id}/detail/lean/`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: u.headers });
      const body = res.json() as { results?: TProject[]; data?: TProject };
      const shown = body.results?.find((p) => p.id === u.id) ?? body.data;
      expect(shown?.release, url).toEqual(after.release);
    }

    // Pages written later wait for their batch.
    await addCities(t, u.id, u.headers, FIFTY_CITIES.slice(10, 12));
    await published(t, u.id, u.headers);
    const later = await projectOf(t, u.id, u.headers);
    expect(later.release).toMatchObject({ live: 10, written: 12, total: 12 });
    expect(liveSite(later).cityPages).toHaveLength(10);

    // Without staging there is nothing to release all of.
    await setRelease(t, u.id, u.headers, { perDay: null });
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${u.id}/release/all/`,
      headers: u.headers,
    });
    expect(off.statusCode).toBe(409);
    expect((await projectOf(t, u.id, u.headers)).release).toBeNull();
  });

  it('keeps pages already live when staging is turned on later', async () => {
    const u = await writtenProject(t, TEN.slice(0, 5));
    const live = await published(t, u.id, u.headers);
    expect(liveSite({ netlifySiteUrl: live.netlifyUrl } as TProject).cityPages).toHaveLength(5);
    // The deploy marked its pages released at their write time: the sitemap did not move.
    expect(await released(t, u.id)).toHaveLength(5);

    await setRelease(t, u.id, u.headers, { perDay: 1 });
    await addCities(t, u.id, u.headers, TEN.slice(5, 8));
    await published(t, u.id, u.headers);
    const after = await projectOf(t, u.id, u.headers);
    expect(after.release).toMatchObject({ live: 5, written: 8, total: 8 });
    expect(liveSite(after).cityPages).toHaveLength(5);
  });

  it('marks live only the pages written before the deploy began building', async () => {
    const rows = TEN.slice(0, 4);
    const names = rows.map(([city]) => city).sort((a, b) => a.localeCompare(b));
    const u = await writtenProject(t, rows);
    // A page whose write lands after the build read the site (its time is past the build's
    // start) is not the one that went out: it is not marked live with the others.
    const [late] = await t.ctx.db
      .update(cities)
      .set({ updatedAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(and(eq(cities.projectId, u.id), eq(cities.name, names[0]!)))
      .returning({ name: cities.name });
    expect(late?.name).toBe(names[0]);
    await published(t, u.id, u.headers);
    const live = (await released(t, u.id)).map((c) => c.name);
    expect(live.sort((a, b) => a.localeCompare(b))).toEqual(names.slice(1));

    // Written before the next deploy: that one marks it.
    await t.ctx.db
      .update(cities)
      .set({ updatedAt: new Date() })
      .where(and(eq(cities.projectId, u.id), eq(cities.name, names[0]!)));
    await published(t, u.id, u.headers);
    expect(await released(t, u.id)).toHaveLength(4);
  });
});

describe('two app instances on one database', () => {
  // Their own scheduled checks come once at start and then an hour apart: the checks below
  // are the only ones, so exactly what they release can be counted.
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp({ NETLIFY_API_URL: netlify.url, RELEASE_CHECK_SECONDS: '3600' });
  });
  afterAll(() => quiet.close());

  it('release a due batch once when they check together', async () => {
    const u = await writtenProject(quiet, TEN.slice(0, 6));
    await setRelease(quiet, u.id, u.headers, { perDay: 2 });
    await published(quiet, u.id, u.headers);
    const deploysBefore = await deployCount(quiet, u.id);

    // A second instance: its own pool on PostgreSQL (the embedded database is one process's
    // own, so there it shares the handle) and its own queue client.
    const base = quiet.ctx.handle;
    const handle: DbHandle =
      base.kind === 'pg' ? fromConnectionString(base.connectionString, 4) : base;
    const boss = createBoss(handle, quiet.ctx.logger);
    await startBoss(boss);
    const second = createContext({ config: quiet.config, handle, boss, logger: quiet.ctx.logger });
    const instances = [quiet.ctx.modules.publishing, second.modules.publishing];
    try {
      const since = await makeDue(quiet, u.id);
      const runs = await Promise.all(
        [...instances, ...instances].map((instance) => instance.releases.releaseDue()),
      );
      const batches = runs.flat().filter((batch) => batch.projectId === u.id);
      expect(batches).toEqual([{ projectId: u.id, released: 2, deployId: expect.any(String) }]);
      await batchOut(quiet, u.id, u.headers, 2, since);
      expect(await released(quiet, u.id)).toHaveLength(2);
      expect(await deployCount(quiet, u.id)).toBe(deploysBefore + 1);

      // The claim itself, without the one-running-deploy rule behind it: of two instances
      // taking the same due batch at once, one gets it.
      await makeDue(quiet, u.id);
      const now = new Date();
      const next = new Date(now.getTime() + 60 * 60 * 1000);
      const claims = await Promise.all(
        [quiet.ctx.db, handle.db].map((db, i) =>
          db.transaction((tx) => instances[i]!.releaseRepo.claim(tx, u.id, now, next)),
        ),
      );
      expect(claims.filter((perDay) => perDay !== null)).toEqual([2]);
    } finally {
      await boss.stop({ graceful: false, close: base.kind === 'pg' });
      if (handle !== base) await handle.close();
    }
  });
});
