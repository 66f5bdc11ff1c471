import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TSheetLink, TSheetSyncRun } from '@cityforge/shared';
import { startFakeGoogle, type FakeGoogle, type FakeSheetTab } from '@cityforge/fakes/google';
import { cities } from '../src/db/schema/index.ts';
import { fetchSheet } from '../src/modules/locations/sheet-fetch.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { connectGoogle, googleEnv } from './helpers/google.ts';
import { http, type Headers } from './helpers/http.ts';
import { startSheetHost } from './helpers/sheet-host.ts';

let t: TestApp;
let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp(googleEnv(google));
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

const { get, post } = http(() => t);
const base = (id: string) => `/api/projects/${id}/sheet-link/`;

const HEADER = ['City', 'State', 'ZIP', 'Jobs completed'];
const FIVE = [
  HEADER,
  ['Austin', 'TX', '78701', '142'],
  ['Round Rock', 'TX', '78664', '30'],
  ['Georgetown', 'TX', '78626', '12'],
  ['Kyle', 'TX', '78640', '12'],
  ['Buda', 'TX', '78610', '7'],
];

let seq = 0;
const sheetId = () => `1PrivateSheet${String(++seq).padStart(4, '0')}AbCdEfGhIjKlMnOp`;

/** A project of a fresh user linked to a Google Sheet's tab (gid 42), Google connected or not. */
async function linkedGoogleSheet(opts: { connect: boolean; id?: string }) {
  const user = await signedInUser(t, { plan: 'pro' });
  if (opts.connect) expect((await connectGoogle(t, user.headers)).location).toMatch(/=connected$/);
  const project = await createProject(t, user.user.id);
  const id = opts.id ?? sheetId();
  const res = await t.app.inject({
    method: 'PUT',
    url: base(project.id),
    headers: user.headers,
    payload: {
      url: `https://docs.google.com/spreadsheets/d/${id}/edit#gid=42`,
      schedule: 'manual',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<TSheetLink>().url).toContain(id);
  return { id, project, headers: user.headers };
}

const tabs = (rows: string[][]): FakeSheetTab[] => [
  { sheetId: 0, title: 'Notes', values: [['Not', 'the', 'areas']] },
  { sheetId: 42, title: "Client's areas, 2026", values: rows },
];

async function sync(id: string, headers: Headers) {
  const res = await post(`${base(id)}sync/`, headers);
  if (res.statusCode === 200) await settled(t, id, headers);
  return res;
}

const facts = async (projectId: string) =>
  Object.fromEntries(
    (
      await t.ctx.db
        .select({ name: cities.name, changed: cities.factsChangedAt })
        .from(cities)
        .where(eq(cities.projectId, projectId))
    ).map((c) => [c.name, c.changed !== null]),
  );

describe('a private Google Sheet read as the owner’s Google account', () => {
  it('reads the linked tab through the Sheets API, and a changed row on the next sync', async () => {
    const { id, project, headers } = await linkedGoogleSheet({ connect: true });
    google.setSheet(id, tabs(FIVE), { shared: true });
    const seen = google.requests.length;
    const first = await sync(project.id, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TSheetSyncRun>()).toMatchObject({ status: 'applied' });
    expect(first.json<TSheetSyncRun>().report).toMatchObject({ added: 5, rowsRead: 5 });
    // spreadsheets.get found the tab's title by its gid; values.get read that tab only.
    expect(google.requests.slice(seen).map((r) => [r.path, r.status])).toEqual([
      [`/v4/spreadsheets/${id}`, 200],
      [`/v4/spreadsheets/${id}/values/'Client''s areas, 2026'`, 200],
    ]);
    expect(Object.keys(await facts(project.id)).sort()).toEqual([
      'Austin',
      'Buda',
      'Georgetown',
      'Kyle',
      'Round Rock',
    ]);

    // The client edits Kyle's row in their sheet.
    const edited = FIVE.map((row) => (row[0] === 'Kyle' ? ['Kyle', 'TX', '78640', '19'] : row));
    google.setSheet(id, tabs(edited), { shared: true });
    const second = await sync(project.id, headers);
    expect(second.json<TSheetSyncRun>().report).toMatchObject({
      added: 0,
      updated: 1,
      unchanged: 4,
      removed: 0,
    });
    expect((await facts(project.id)).Kyle).toBe(true);
  });

  it('refreshes the access token when it has expired, before the read or when Google refuses it', async () => {
    // Tokens issued with less than a minute left: used as expired, refreshed before each read.
    google.tokenLifetime(30);
    const { id, project, headers } = await linkedGoogleSheet({ connect: true });
    google.tokenLifetime(3599);
    google.setSheet(id, tabs(FIVE), { shared: true });
    let seen = google.requests.length;
    expect((await sync(project.id, headers)).statusCode).toBe(200);
    const asked = () => google.requests.slice(seen).map((r) => [r.grant ?? r.path, r.status]);
    expect(asked()).toEqual([
      ['refresh_token', 200],
      [`/v4/spreadsheets/${id}`, 200],
      [`/v4/spreadsheets/${id}/values/'Client''s areas, 2026'`, 200],
    ]);

    // An hour later Google no longer takes the cached token: it is refreshed and the read retried.
    google.expireAccessTokens();
    seen = google.requests.length;
    const run = await sync(project.id, headers);
    expect(run.statusCode, run.body).toBe(200);
    expect(asked()).toEqual([
      [`/v4/spreadsheets/${id}`, 401],
      ['refresh_token', 200],
      [`/v4/spreadsheets/${id}`, 200],
      [`/v4/spreadsheets/${id}/values/'Client''s areas, 2026'`, 200],
    ]);
    // A fresh token is kept for the next read.
    seen = google.requests.length;
    expect((await sync(project.id, headers)).statusCode).toBe(200);
    expect(asked().map(([what]) => what)).not.toContain('refresh_token');
  });

  it('says clearly on the run when Google refuses the sheet (403) or knows no such sheet (404)', async () => {
    const hidden = await linkedGoogleSheet({ connect: true });
    google.setSheet(hidden.id, tabs(FIVE), { shared: false });
    const refused = await sync(hidden.project.id, hidden.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Google refused to read the sheet (HTTP 403): the connected Google account cannot open it. Share the sheet with that account, or connect the account that owns it on your profile. Nothing was changed.',
    );
    const runs = await get(`${base(hidden.project.id)}runs/`, hidden.headers);
    expect(runs.json().results[0]).toMatchObject({
      status: 'failed',
      message: refused.json().message,
      report: null,
    });

    const missing = await linkedGoogleSheet({ connect: true, id: 'NoSuchSheet0123456789' });
    const gone = await sync(missing.project.id, missing.headers);
    expect(gone.statusCode).toBe(422);
    expect(gone.json().message).toMatch(/^Google found no such sheet \(HTTP 404\)/);

    // A tab that is not there any more.
    const noTab = await linkedGoogleSheet({ connect: true });
    google.setSheet(noTab.id, [{ sheetId: 0, title: 'Sheet1', values: FIVE }], { shared: true });
    const lost = await sync(noTab.project.id, noTab.headers);
    expect(lost.json().message).toMatch(/^The Google Sheet has no tab with gid 42/);
    expect(await facts(noTab.project.id)).toEqual({});
  });

  it('asks the owner to connect again once the grant was revoked at Google', async () => {
    const { id, project, headers } = await linkedGoogleSheet({ connect: true });
    google.setSheet(id, tabs(FIVE), { shared: true });
    // The person removes the app's access in their Google account.
    for (const token of google.liveRefreshTokens())
      await fetch(`${google.url}/revoke`, { method: 'POST', body: new URLSearchParams({ token }) });
    const res = await sync(project.id, headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Google no longer accepts the connection: connect Google again on your profile. Nothing was changed.',
    );
    expect(await facts(project.id)).toEqual({});
  });

  it('tells the owner of a sheet that is not shared that connecting Google would read it', async () => {
    // Without the owner's Google, a Google Sheet is read from its public export, which answers
    // 401 or 403 for a private sheet; Google's own address is never reached from a test, so
    // the export is this machine's file server refusing the same way.
    const host = await startSheetHost();
    try {
      host.serve('/export', '<html>Sign in</html>', 'text/html', 403);
      const read = fetchSheet(host.url('/export'), {
        trustedHosts: ['127.0.0.1'],
        googleOffered: true,
      });
      await expect(read).rejects.toThrow(
        'The sheet could not be read (HTTP 403): it is not shared publicly. Share it as "Anyone with the link" or publish it, or connect Google on your profile.',
      );
    } finally {
      await host.close();
    }
  });
});
