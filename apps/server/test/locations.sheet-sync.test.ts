import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PROJECT_STATUS, type TSheetLink, type TSheetSyncRun } from '@cityforge/shared';
import { cities, locationCounties, sheetLinks, sheetSyncRuns } from '../src/db/schema/index.ts';
import { RUNS_KEPT } from '../src/modules/locations/sheet-links.repo.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { http, type Headers } from './helpers/http.ts';
import { FIFTY_CITIES, spreadsheet, type Sheet } from './helpers/locations.ts';
import { startSheetHost, type SheetHost } from './helpers/sheet-host.ts';

let t: TestApp;
let host: SheetHost;
beforeAll(async () => {
  host = await startSheetHost();
  // The client's file server is on this machine: trusted by name, as an operator would.
  t = await createTestApp({ FETCH_TRUSTED_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await host.close();
});

const { get, post, del } = http(() => t);
const put = (url: string, headers: Headers, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers, payload });
const base = (id: string) => `/api/projects/${id}/sheet-link/`;

const HEADER = ['City', 'State', 'ZIP', 'Jobs completed'];
const FIVE: Sheet = [
  HEADER,
  ['Austin', 'TX', '78701', '142'],
  ['Round Rock', 'TX', '78664', '30'],
  ['Georgetown', 'TX', '78626', '12'],
  ['Kyle', 'TX', '78640', '12'],
  ['Buda', 'TX', '78610', '7'],
];
const csv = (rows: Sheet) => spreadsheet('csv', rows).data;

let seq = 0;
/** A project of a fresh user, linked to a sheet of its own on the host. */
async function linked(rows: Sheet, schedule = 'manual', plan: 'free' | 'pro' = 'pro') {
  const user = await signedInUser(t, { plan });
  const project = await createProject(t, user.user.id);
  const path = `/sheets/${++seq}.csv`;
  host.serve(path, csv(rows));
  const res = await put(base(project.id), user.headers, { url: host.url(path), schedule });
  expect(res.statusCode, res.body).toBe(200);
  return { user, project, headers: user.headers, path, link: res.json<TSheetLink>() };
}

async function syncNow(id: string, headers: Headers) {
  const res = await post(`${base(id)}sync/`, headers);
  expect(res.statusCode, res.body).toBe(200);
  const run = res.json<TSheetSyncRun>();
  if (run.status === 'applied') await settled(t, id, headers);
  return run;
}

const cityNames = async (projectId: string) =>
  (await t.ctx.db.select({ name: cities.name }).from(cities).where(eq(cities.projectId, projectId)))
    .map((c) => c.name)
    .sort();

const runsOf = async (id: string, headers: Headers) =>
  (await get(`${base(id)}runs/`, headers)).json<{ results: TSheetSyncRun[] }>().results;

describe('a linked sheet', () => {
  it('links, syncs now, and syncs again what changed: added, updated, unchanged, removed', async () => {
    const { project, headers, path, link } = await linked(FIVE);
    expect(link).toMatchObject({ schedule: 'manual', lastSyncAt: null, nextSyncAt: null });
    expect(link.lastReport).toBeNull();

    const first = await syncNow(project.id, headers);
    expect(first).toMatchObject({ status: 'applied', trigger: 'manual' });
    expect(first.report).toMatchObject({ added: 5, updated: 0, unchanged: 0, removed: 0 });
    expect(first.report!.rowsRead).toBe(5);
    expect(await cityNames(project.id)).toEqual([
      'Austin',
      'Buda',
      'Georgetown',
      'Kyle',
      'Round Rock',
    ]);

    // The client edits the sheet: Kyle's fact changes, Leander comes, Buda goes (1 of 5).
    host.serve(
      path,
      csv([
        HEADER,
        ['Austin', 'TX', '78701', '142'],
        ['Round Rock', 'TX', '78664', '30'],
        ['Georgetown', 'TX', '78626', '12'],
        ['Kyle', 'TX', '78640', '19'],
        ['Leander', 'TX', '78641', '4'],
      ]),
    );
    const second = await syncNow(project.id, headers);
    expect(second.status).toBe('applied');
    expect(second.report).toMatchObject({ added: 1, updated: 1, unchanged: 3, removed: 1 });
    expect(second.report!.removedCities).toEqual(['Buda']);
    expect(second.message).toBe('Sheet synced: 1 city added, 1 updated, 3 unchanged, 1 removed.');
    expect(await cityNames(project.id)).toEqual([
      'Austin',
      'Georgetown',
      'Kyle',
      'Leander',
      'Round Rock',
    ]);
    // Kyle's written page is marked for its changed fact, as an upload marks it.
    const [kyle] = await t.ctx.db
      .select()
      .from(cities)
      .where(and(eq(cities.projectId, project.id), eq(cities.name, 'Kyle')));
    expect(kyle!.factsChangedAt).not.toBeNull();

    // The same sheet again changes nothing.
    const third = await syncNow(project.id, headers);
    expect(third.report).toMatchObject({ added: 0, updated: 0, unchanged: 5, removed: 0 });

    const got = (await get(base(project.id), headers)).json<TSheetLink>();
    expect(got.lastReport).toEqual(third.report);
    expect(got.lastSyncAt).toBe(third.startedAt);
    expect((await runsOf(project.id, headers)).map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
  });

  it('stops a sync that would remove more than a fifth, keeps everything, and applies it once confirmed', async () => {
    const { project, headers, path } = await linked(FIVE);
    await syncNow(project.id, headers);
    host.serve(
      path,
      csv([HEADER, ['Austin', 'TX', '78701', '142'], ['Kyle', 'TX', '78640', '12']]),
    );

    const stopped = await syncNow(project.id, headers);
    expect(stopped.status).toBe('stopped');
    expect(stopped.message).toBe(
      'This sync would remove 3 cities of 5 cities, more than a fifth. Nothing was changed: confirm the run to apply it.',
    );
    expect(stopped.report).toMatchObject({ removed: 3, added: 0 });
    expect(stopped.report!.removedCities).toEqual(['Buda', 'Georgetown', 'Round Rock']);
    expect(await cityNames(project.id)).toHaveLength(5);
    const waiting = (await get(base(project.id), headers)).json<TSheetLink>().waitingRun;
    expect(waiting?.id).toBe(stopped.id);

    const res = await post(`${base(project.id)}runs/${stopped.id}/confirm/`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const applied = res.json<TSheetSyncRun>();
    expect(applied).toMatchObject({ status: 'applied', trigger: 'confirm' });
    expect(applied.report).toMatchObject({ removed: 3, unchanged: 2 });
    expect(await cityNames(project.id)).toEqual(['Austin', 'Kyle']);
    // Counties left empty go with their cities, as deleting a city by hand does.
    const counties = await t.ctx.db
      .select({ name: locationCounties.name })
      .from(locationCounties)
      .where(eq(locationCounties.projectId, project.id));
    expect(counties.map((c) => c.name).sort()).toEqual(['Hays County', 'Travis County']);

    const runs = await runsOf(project.id, headers);
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([
      ['confirm', 'applied'],
      ['manual', 'confirmed'],
      ['manual', 'applied'],
    ]);
    expect((await get(base(project.id), headers)).json<TSheetLink>().waitingRun).toBeNull();
    // A run confirmed once cannot be confirmed again.
    const again = await post(`${base(project.id)}runs/${stopped.id}/confirm/`, headers);
    expect(again.statusCode).toBe(409);
  });

  it('stops again when the sheet changed to remove cities the confirmed run did not name', async () => {
    const { project, headers, path } = await linked(FIVE);
    await syncNow(project.id, headers);
    host.serve(path, csv([HEADER, ...FIVE.slice(1, 3)]));
    const stopped = await syncNow(project.id, headers);
    expect(stopped.report!.removedCities).toEqual(['Buda', 'Georgetown', 'Kyle']);
    host.serve(path, csv([HEADER, FIVE[1]!]));
    const res = await post(`${base(project.id)}runs/${stopped.id}/confirm/`, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TSheetSyncRun>()).toMatchObject({ status: 'stopped', trigger: 'confirm' });
    expect(await cityNames(project.id)).toHaveLength(5);
    expect((await runsOf(project.id, headers)).map((r) => r.status)).toEqual([
      'stopped',
      'superseded',
      'applied',
    ]);
  });

  it('stops a sheet that lost most of its rows, and refuses one that lost its header', async () => {
    // Austin is listed once per ZIP code: eleven rows, five cities.
    const austinZips = ['78702', '78703', '78704', '78705', '78731', '78741'];
    const many: Sheet = [...FIVE, ...austinZips.map((zip) => ['Austin', 'TX', zip, '142'])];
    const { project, headers, path } = await linked(many);
    expect((await syncNow(project.id, headers)).report!.rowsRead).toBe(11);

    // Cut short: every city is still there, but five rows of eleven came back.
    host.serve(path, csv(FIVE));
    const cut = await syncNow(project.id, headers);
    expect(cut.status).toBe('stopped');
    expect(cut.message).toBe(
      'The sheet has 5 rows, fewer than half of the 11 rows the last sync read. Nothing was changed: confirm the run to apply it.',
    );

    // The header row gone: the file's first row is read as its header, and no column is a place.
    host.serve(path, csv(FIVE.slice(1)));
    const res = await post(`${base(project.id)}sync/`, headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/Nothing was changed\.$/);
    expect(await cityNames(project.id)).toHaveLength(5);
    const [austin] = await t.ctx.db
      .select({ zips: cities.zips })
      .from(cities)
      .where(and(eq(cities.projectId, project.id), eq(cities.name, 'Austin')));
    expect(austin!.zips).toHaveLength(7);
    // A sheet that could not be read leaves the stopped run waiting for its owner.
    expect((await runsOf(project.id, headers)).map((r) => r.status)).toEqual([
      'failed',
      'stopped',
      'applied',
    ]);
    expect((await get(base(project.id), headers)).json<TSheetLink>().waitingRun?.id).toBe(cut.id);
  });

  it("imports what the month's allowance lets in and says what waits, with the upload's message", async () => {
    const rows: Sheet = [
      ['City', 'State', 'ZIP'],
      ...FIFTY_CITIES.slice(0, 27).map(([city, state, , zip]) => [city, state, zip]),
    ];
    const { project, headers } = await linked(rows, 'manual', 'free');
    const run = await syncNow(project.id, headers);
    expect(run.status).toBe('applied');
    expect(run.report).toMatchObject({ added: 25, waiting: 2 });
    expect(run.report!.waitingCities).toEqual(['Aurora', 'Colorado Springs']);
    const resetsOn = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1),
    ).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(run.message).toBe(
      `Sheet synced: 25 cities added, 0 updated, 0 unchanged, 0 removed. 2 cities wait for the allowance: This upload adds 27 city pages, but your Free plan allows 25 city pages a month and 25 are left this month (0 used; the count starts again on ${resetsOn}). Upgrade to Basic for 250 city pages a month.`,
    );
    expect(await cityNames(project.id)).toHaveLength(25);
    // The next sync finds no room left: the two still wait, nothing else changes.
    const next = await syncNow(project.id, headers);
    expect(next.report).toMatchObject({ added: 0, unchanged: 25, removed: 0, waiting: 2 });
  });

  it('refuses a link to a private address, and reports an unreachable one with a message', async () => {
    const user = await signedInUser(t, { plan: 'pro' });
    const project = await createProject(t, user.user.id);
    // localhost resolves to this machine and is not among the trusted hosts.
    const privateLink = await put(base(project.id), user.headers, {
      url: host.url('/sheets/x.csv', 'localhost'),
      schedule: 'manual',
    });
    expect(privateLink.statusCode).toBe(400);
    expect(privateLink.json().errors.url).toEqual([
      'This address cannot be linked: localhost resolves to a non-public address.',
    ]);
    const notHttps = await put(base(project.id), user.headers, {
      url: 'http://example.com/a.csv',
      schedule: 'manual',
    });
    expect(notHttps.statusCode).toBe(400);

    // A trusted host whose server is down (nothing listens on port 9).
    const down = await put(base(project.id), user.headers, {
      url: 'https://127.0.0.1:9/areas.csv',
      schedule: 'manual',
    });
    expect(down.statusCode, down.body).toBe(200);
    const res = await post(`${base(project.id)}sync/`, user.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'The sheet could not be read: its server could not be reached. Nothing was changed.',
    );
    expect((await runsOf(project.id, user.headers))[0]).toMatchObject({
      status: 'failed',
      message: res.json().message,
    });
  });

  it('reads a Google Sheets address as its tab’s CSV export', async () => {
    const user = await signedInUser(t, { plan: 'pro' });
    const project = await createProject(t, user.user.id);
    const id = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    const res = await put(base(project.id), user.headers, {
      url: `https://docs.google.com/spreadsheets/d/${id}/edit#gid=42`,
      schedule: 'daily',
    });
    // docs.google.com may not resolve here: the address is judged when it is read.
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json<TSheetLink>();
    expect(link.sourceUrl).toBe(
      `https://docs.google.com/spreadsheets/d/${id}/export?format=csv&gid=42`,
    );
    expect(Date.parse(link.nextSyncAt!) - Date.now()).toBeGreaterThan(23 * 3600_000);
  });

  it("answers 404 for another user's project and for a project without a link; unlinks", async () => {
    const { project, headers } = await linked(FIVE);
    const stranger = await signedInUser(t);
    expect((await get(base(project.id), stranger.headers)).statusCode).toBe(404);
    expect((await post(`${base(project.id)}sync/`, stranger.headers)).statusCode).toBe(404);
    expect((await get(`${base(project.id)}runs/`, stranger.headers)).statusCode).toBe(404);
    expect((await del(base(project.id), stranger.headers)).statusCode).toBe(404);
    expect((await get(base('nope'), headers)).json().message).toBe('Not a valid project id');

    // While the project generates, a sync would queue pages under it: it waits, like an upload.
    await t.ctx.repos.projectsRepo.update(project.id, { status: PROJECT_STATUS.inProgress });
    const busy = await post(`${base(project.id)}sync/`, headers);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('The project is generating; sync the sheet when it finishes.');
    expect(await runsOf(project.id, headers)).toHaveLength(0);
    await t.ctx.repos.projectsRepo.update(project.id, { status: PROJECT_STATUS.created });

    const gone = await del(base(project.id), headers);
    expect(gone.statusCode).toBe(200);
    expect((await get(base(project.id), headers)).statusCode).toBe(404);
    expect((await post(`${base(project.id)}sync/`, headers)).statusCode).toBe(404);
  });

  it('never syncs one project twice at once, from this process or another', async () => {
    const { project, headers } = await linked(FIVE);
    const other = await createTestApp({ FETCH_TRUSTED_HOSTS: '127.0.0.1' }, { sameDatabaseAs: t });
    try {
      const held = host.hold();
      const first = post(`${base(project.id)}sync/`, headers);
      await held.arrived;
      // The first sync is mid-read: a second request, here or on the other machine, waits out.
      const here = await post(`${base(project.id)}sync/`, headers);
      const there = await other.app.inject({
        method: 'POST',
        url: `${base(project.id)}sync/`,
        headers,
      });
      for (const res of [here, there]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(
          'A sync of this sheet is already running; its report shows here when it ends.',
        );
      }
      held.release();
      const done = await first;
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json<TSheetSyncRun>().report!.added).toBe(5);
      await settled(t, project.id, headers);
      expect(await runsOf(project.id, headers)).toHaveLength(1);
      // The lease is released: the next sync runs.
      expect((await post(`${base(project.id)}sync/`, headers)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('syncs a scheduled sheet when its time comes, through the job queue', async () => {
    const { project, headers, link } = await linked(FIVE, 'hourly');
    const inAnHour = Date.parse(link.nextSyncAt!) - Date.now();
    expect(inAnHour).toBeGreaterThan(59 * 60_000);
    expect(inAnHour).toBeLessThanOrEqual(3600_000);

    // Not due yet: the check sends nothing.
    await t.ctx.boss.send(QUEUES.syncSheetsDue, {});
    await t.drainQueue(QUEUES.syncSheetsDue);
    await t.drainQueue(QUEUES.syncSheet);
    expect(await runsOf(project.id, headers)).toHaveLength(0);

    // Its hour came.
    await t.ctx.db
      .update(sheetLinks)
      .set({ nextSyncAt: new Date(Date.now() - 1000) })
      .where(eq(sheetLinks.projectId, project.id));
    await t.ctx.boss.send(QUEUES.syncSheetsDue, {});
    await t.drainQueue(QUEUES.syncSheetsDue);
    await t.drainQueue(QUEUES.syncSheet);
    const runs = await runsOf(project.id, headers);
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([['scheduled', 'applied']]);
    expect((await settled(t, project.id, headers)).status).toBe(PROJECT_STATUS.created);
    expect(await cityNames(project.id)).toHaveLength(5);
    const after = (await get(base(project.id), headers)).json<TSheetLink>();
    expect(Date.parse(after.nextSyncAt!)).toBeGreaterThan(Date.now() + 59 * 60_000);

    const schedules = await t.ctx.boss.getSchedules();
    expect(schedules.some((s) => s.name === QUEUES.syncSheetsDue && s.cron === '*/5 * * * *')).toBe(
      true,
    );
  });

  it('tries a scheduled sync again later when the sheet host fails, recording nothing yet', async () => {
    const { project, headers } = await linked(FIVE, 'daily');
    // The client's server goes down.
    await t.ctx.db
      .update(sheetLinks)
      .set({ sourceUrl: 'https://127.0.0.1:9/areas.csv', nextSyncAt: new Date(Date.now() - 1000) })
      .where(eq(sheetLinks.projectId, project.id));
    await t.ctx.boss.send(QUEUES.syncSheetsDue, {});
    await t.drainQueue(QUEUES.syncSheetsDue);
    // The job failed its first try and waits for its retry, a minute or more away (its count
    // goes up when the retry is claimed).
    await expect
      .poll(async () =>
        (await t.ctx.boss.findJobs(QUEUES.syncSheet, { data: { projectId: project.id } })).map(
          (j) => [j.state, j.retryCount],
        ),
      )
      .toEqual([['retry', 0]]);
    expect(await runsOf(project.id, headers)).toHaveLength(0);
    // The schedule moved on, so the due check does not send it again meanwhile.
    const link = (await get(base(project.id), headers)).json<TSheetLink>();
    expect(Date.parse(link.nextSyncAt!)).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('keeps the newest runs of a project, not every run of years of hourly syncs', async () => {
    const { project, headers } = await linked(FIVE);
    const old = Date.now() - 86_400_000;
    await t.ctx.db.insert(sheetSyncRuns).values(
      Array.from({ length: RUNS_KEPT }, (_, i) => ({
        projectId: project.id,
        trigger: 'scheduled',
        status: 'failed',
        message: `Old run ${i}.`,
        startedAt: new Date(old + i * 1000),
      })),
    );
    const run = await syncNow(project.id, headers);
    const kept = await t.ctx.db
      .select({ id: sheetSyncRuns.id, message: sheetSyncRuns.message })
      .from(sheetSyncRuns)
      .where(eq(sheetSyncRuns.projectId, project.id));
    expect(kept).toHaveLength(RUNS_KEPT);
    expect(kept.some((r) => r.id === run.id)).toBe(true);
    // The oldest went.
    expect(kept.some((r) => r.message === 'Old run 0.')).toBe(false);
    expect(kept.some((r) => r.message === 'Old run 1.')).toBe(true);
  });
});
