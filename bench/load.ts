import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { loadGeoNamesRows } from '../apps/server/src/modules/locations/geo-sources.ts';
import { freePort, type ServerProcess } from '../apps/server/test/helpers/process.ts';
import { call, json, login, quiet, type Detail, type Headers } from './api.ts';
import type { Line, StartServer } from './bench-types.ts';

type User = {
  id: string;
  email: string;
  headers: Headers;
  signedInAt: number;
  projectIds: string[];
};

const USERS = 50;
const PROJECTS_PER_USER = 3;
/** What the project detail screen requests (and polls): the lean tree, not the spec's answer. */
const SCREEN_DETAIL = (id: string) => `/api/projects/${id}/detail/lean/`;

/** The project each user's detail requests open gets a small service area uploaded. */
const CITIES = 25;
const PASSWORD = 'load-pass-1';
const MODEL = 'offline-draft';
/** BENCH_LOAD_SECONDS=5 for a quick check; the budget is for the 30 s run. */
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 30);
const SETTLE_TIMEOUT_MS = 5 * 60_000;
/** Access tokens live 15 minutes; older sessions are signed in again before the run. */
const FRESH_SESSION_MS = 10 * 60_000;

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const n = (value: number) => value.toLocaleString('en-US');

/** Runs `fn` over `items`, at most `limit` at a time, as a browser or a script would. */
async function inPool<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/**
 * Each user's service area: CITIES neighbouring real places (GeoNames is ordered by state and
 * ZIP), a different stretch of the country for each user, as City, State, ZIP rows.
 */
function serviceAreas(): string[] {
  const seen = new Set<string>();
  const places: Array<{ city: string; stateId: string; zip: string }> = [];
  for (const row of loadGeoNamesRows().rows) {
    const key = `${row.stateId}|${row.city}`;
    if (seen.has(key)) continue;
    seen.add(key);
    places.push(row);
  }
  const step = Math.floor(places.length / USERS);
  const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return Array.from({ length: USERS }, (_, u) =>
    [
      'City,State,ZIP',
      ...places
        .slice(u * step, u * step + CITIES)
        .map((p) => [p.city, p.stateId, p.zip].map(cell).join(',')),
    ].join('\r\n'),
  );
}

async function untilQuiet(base: string, users: User[], citiesFor: (project: number) => number) {
  const deadline = performance.now() + SETTLE_TIMEOUT_MS;
  const pending = users.flatMap((u) =>
    u.projectIds.map((id, p) => ({ headers: u.headers, id, cities: citiesFor(p) })),
  );
  while (pending.length) {
    const done = await inPool(pending, 8, async (p) =>
      quiet(
        (
          await call<{ data: Detail }>(base, `/api/projects/${p.id}/detail/`, {
            headers: p.headers,
          })
        ).data,
        p.cities,
      ),
    );
    for (let i = done.length - 1; i >= 0; i--) if (done[i]) pending.splice(i, 1);
    if (!pending.length) return;
    if (performance.now() > deadline)
      throw new Error(`${pending.length} projects still generating after ${s(SETTLE_TIMEOUT_MS)}`);
    await sleep(500);
  }
}

/**
 * Agencies as the admin screen makes them: verified, Admin Bypass (no plan), own API key.
 * Each goes into `users` as soon as it exists, so a failed seed still cleans up after itself.
 */
async function seed(base: string, admin: Headers, users: User[]) {
  const tag = randomBytes(3).toString('hex');
  const steps: string[] = [];
  let since = performance.now();
  const step = (name: string) => {
    steps.push(`${name} ${s(performance.now() - since)}`);
    since = performance.now();
  };
  await inPool(
    Array.from({ length: USERS }, (_, i) => i),
    8,
    async (i) => {
      const email = `load-${tag}-${i}@example.com`;
      const { id } = await call<{ id: string }>(
        base,
        '/api/admin/users/create/',
        json(admin, 'POST', {
          firstName: 'Agency',
          lastName: `Owner ${i}`,
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          adminBypass: true,
        }),
        201,
      );
      const user: User = { id, email, headers: {}, signedInAt: 0, projectIds: [] };
      users.push(user);
      user.headers = await login(base, email, PASSWORD);
      user.signedInAt = performance.now();
      // Any project needs a stored key, even one written by the offline model.
      await call(
        base,
        '/auth/me/',
        json(user.headers, 'PATCH', { userOpenRouterApiKey: 'sk-or-bench' }),
      );
    },
  );
  step('users');
  await inPool(
    users.flatMap((u) => Array.from({ length: PROJECTS_PER_USER }, (_, p) => ({ u, p }))),
    8,
    async ({ u, p }) => {
      const { data } = await call<{ data: { id: string } }>(
        base,
        '/api/projects/create/',
        json(u.headers, 'POST', {
          name: `${u.email.split('@')[0]} site ${p + 1}`,
          serviceType: ['Plumbing', 'Roofing', 'HVAC Repair'][p % 3],
          model: MODEL,
          prompt: 'Family-owned, licensed and insured; upfront prices, same-day visits.',
          contactPhoneNumber: '(512) 555-0142',
        }),
        201,
      );
      u.projectIds[p] = data.id;
    },
  );
  await untilQuiet(base, users, () => 0);
  step('pages');
  // The upload needs an idle project, so the cities come once the first pages are written.
  const areas = serviceAreas();
  await inPool(users, 8, async (u, i) => {
    const form = new FormData();
    form.append('file', new Blob([areas[i]!], { type: 'text/csv' }), 'service-area.csv');
    form.append('model', MODEL);
    await call(
      base,
      `/api/project/${u.projectIds[0]}/upload/`,
      { method: 'POST', headers: u.headers, body: form },
      201,
    );
  });
  await untilQuiet(base, users, (p) => (p === 0 ? CITIES : 0));
  step('cities');
  return steps.join(', ');
}

export async function loadBench(
  line: Line,
  startServer: StartServer,
  admin: { email: string; password: string },
) {
  if (!(SECONDS >= 1))
    throw new Error(
      `BENCH_LOAD_SECONDS must be a number of seconds, not "${process.env.BENCH_LOAD_SECONDS}"`,
    );
  const started = performance.now();
  const postgres = Boolean(process.env.DATABASE_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-bench-load-'));
  const port = await freePort();
  let server: ServerProcess | undefined;
  const users: User[] = [];
  let adminHeaders: Headers = {};
  const base = `http://127.0.0.1:${port}`;
  try {
    // Sign-in is limited per address and e-mail, so 50 users signing in from here is fine.
    server = (await startServer(dataDir, port)).server;
    adminHeaders = await login(base, admin.email, admin.password);
    const seeded = performance.now();
    const steps = await seed(base, adminHeaders, users);
    line(
      'load: seed',
      s(performance.now() - seeded),
      `${USERS} users × ${PROJECTS_PER_USER} projects (3 pages each) + ${CITIES} cities on one, ` +
        `offline model: ${steps}`,
    );
    await inPool(users, 8, async (u) => {
      if (performance.now() - u.signedInAt < FRESH_SESSION_MS) return;
      u.headers = await login(base, u.email, PASSWORD);
      u.signedInAt = performance.now();
    });

    // What one request of each kind answers, checked once per user before the clock starts.
    let listKb = 0;
    let detailKb = 0;
    await inPool(users, 8, async (u) => {
      const list = await fetch(`${base}/api/projects/?page=1`, { headers: u.headers });
      const listBody = await list.text();
      const count = (JSON.parse(listBody) as { count: number }).count;
      if (!list.ok || count !== PROJECTS_PER_USER)
        throw new Error(`list of ${u.email}: ${list.status}, ${count} projects`);
      const detail = await fetch(`${base}${SCREEN_DETAIL(u.projectIds[0]!)}`, {
        headers: u.headers,
      });
      const detailBody = await detail.text();
      if (!detail.ok) throw new Error(`detail of ${u.email}: ${detail.status}`);
      listKb = Math.max(listKb, listBody.length / 1024);
      detailKb = Math.max(detailKb, detailBody.length / 1024);
    });

    // One autocannon run, one keep-alive connection per user: setupClient hands connection i
    // user i's token and their own list and detail, which it then alternates (half and half)
    // with the next request sent as soon as the last one answers, like a user clicking
    // between the two screens without pause. One run keeps a single latency histogram, so
    // p99 is the true p99 of every request; 50 separate autocannon instances would each give
    // their own percentiles, which cannot be combined. (A shared `requests` array with
    // setupRequest cannot pin a user to a connection: its context is reset every cycle.)
    // autocannon records the latency of 2xx answers only, so errors have their own line.
    let client = 0;
    const result = await autocannon({
      url: base,
      connections: USERS,
      duration: SECONDS,
      setupClient(c) {
        const u = users[client++ % users.length]!;
        c.setRequests([
          { method: 'GET', path: '/api/projects/?page=1', headers: u.headers },
          { method: 'GET', path: SCREEN_DETAIL(u.projectIds[0]!), headers: u.headers },
        ]);
      },
    });
    const errors = result.errors + result.non2xx;
    const label = `load: list+detail, ${USERS} users, ${SECONDS} s`;
    line(
      label,
      `${result.requests.average.toFixed(0)} req/s`,
      `${n(result.requests.total)} requests; list ~${listKb.toFixed(1)} KB, detail (the screen's lean tree) ~${detailKb.toFixed(1)} KB JSON`,
    );
    line('load p50', `${result.latency.p50} ms`);
    line(
      'load p99',
      `${result.latency.p99} ms`,
      `budget < 200 ms on PostgreSQL${postgres ? '' : ' (PGlite here: one query at a time)'}`,
    );
    line(
      'load errors (non-2xx + timeouts)',
      String(errors),
      `budget 0; ${result.non2xx} non-2xx, ${result.timeouts} timeouts, ` +
        `${result.errors - result.timeouts} connection errors`,
    );
  } catch (error) {
    if (server) console.error(server.output().slice(-4000));
    throw error;
  } finally {
    // PGlite goes with the data dir; on PostgreSQL the agencies are removed the way an admin
    // would, with everything they own.
    if (postgres && server)
      await inPool(users, 8, (u) =>
        call(base, `/api/admin/users/${u.id}/`, { method: 'DELETE', headers: adminHeaders }),
      ).catch((error: unknown) => console.error('load: cleanup failed:', error));
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    line('load: group end to end', s(performance.now() - started));
  }
}
