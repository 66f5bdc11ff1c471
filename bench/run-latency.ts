import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadGeoNamesRows } from '../apps/server/src/modules/locations/geo-sources.ts';
import { freePort, type ServerProcess } from '../apps/server/test/helpers/process.ts';
import { call, json, login, type Headers } from './api.ts';
import type { Line, StartServer } from './bench-types.ts';

/**
 * An agency uploading a whole region at once, written by the offline model (no model wait).
 * BENCH_RUN_CITIES=1000 for a quick look; the figures are for 5,000.
 */
const CITIES = Number(process.env.BENCH_RUN_CITIES || 5_000);
const MODEL = 'offline-draft';
const PASSWORD = 'run-pass-1';
/** Between two reads of the detail: a screen polls far less often; this samples every stall. */
const PAUSE_MS = 50;
const RUN_TIMEOUT_MS = 40 * 60_000;

type Lean = {
  status: string;
  totalCities: number;
  queuedCities: number;
  scoringCities: number;
  failedCities: number;
};

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function quantile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function citySheet(): string {
  const seen = new Set<string>();
  const rows = ['City,State,ZIP'];
  for (const row of loadGeoNamesRows().rows) {
    const key = `${row.stateId}|${row.city}`;
    if (seen.has(key) || /[",\r\n]/.test(row.city)) continue;
    seen.add(key);
    rows.push(`${row.city},${row.stateId},${row.zip}`);
    if (rows.length > CITIES) break;
  }
  return rows.join('\r\n');
}

/** An agency as the admin screen makes one, with its own key (any project needs one). */
async function agency(base: string, admin: Headers) {
  const email = `run-${randomBytes(3).toString('hex')}@example.com`;
  const { id } = await call<{ id: string }>(
    base,
    '/api/admin/users/create/',
    json(admin, 'POST', {
      firstName: 'Agency',
      lastName: 'Run',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      adminBypass: true,
    }),
    201,
  );
  const headers = await login(base, email, PASSWORD);
  await call(base, '/auth/me/', json(headers, 'PATCH', { userOpenRouterApiKey: 'sk-or-run' }));
  return { id, email, headers };
}

/**
 * The whole run of a 5,000-city upload on the default single process (ROLE=all): its pages
 * written, then every one scored for the quality gate, while one client reads the project's
 * detail (the screen's lean tree) again and again. Prints that read's latency over the run
 * and how long until every page was written and every page scored.
 */
export async function runLatencyBench(
  line: Line,
  startServer: StartServer,
  admin: { email: string; password: string },
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-bench-run-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ServerProcess | undefined;
  let adminHeaders: Headers = {};
  let userId: string | undefined;
  try {
    server = (await startServer(dataDir, port)).server;
    adminHeaders = await login(base, admin.email, admin.password);
    const user = await agency(base, adminHeaders);
    userId = user.id;
    const { headers } = user;
    const { data } = await call<{ data: { id: string } }>(
      base,
      '/api/projects/create/',
      json(headers, 'POST', { name: 'Everywhere Plumbing', serviceType: 'Plumbing', model: MODEL }),
      201,
    );
    const detailUrl = `${base}/api/projects/${data.id}/detail/lean/`;
    // An access token lives 15 minutes and a run on the embedded database takes longer on a
    // loaded machine: sign in again when it ends, as the screen does (not timed as a read).
    const timed = async () => {
      const asked = performance.now();
      const res = await fetch(detailUrl, { headers });
      const body = res.ok ? ((await res.json()) as { data: Lean }).data : null;
      return { status: res.status, body, ms: performance.now() - asked };
    };
    const read = async () => {
      let answer = await timed();
      if (answer.status === 401) {
        Object.assign(headers, await login(base, user.email, PASSWORD));
        answer = await timed();
      }
      if (!answer.body) throw new Error(`detail answered ${answer.status}`);
      return { lean: answer.body, ms: answer.ms };
    };
    while ((await read()).lean.status.toLowerCase() === 'in progress') await sleep(200);

    const form = new FormData();
    form.append('file', new Blob([citySheet()], { type: 'text/csv' }), 'region.csv');
    form.append('model', MODEL);
    const started = performance.now();
    await call(
      base,
      `/api/project/${data.id}/upload/`,
      { method: 'POST', headers, body: form },
      201,
    );
    const uploaded = performance.now();

    const latencies: number[] = [];
    // Reads answered once every page was written: those that waited on the scoring, if any did.
    const scoring: number[] = [];
    let written = 0;
    let total = 0;
    for (;;) {
      const { lean, ms } = await read();
      latencies.push(ms);
      if (written) scoring.push(ms);
      total = lean.totalCities;
      const writing = lean.status.toLowerCase() === 'in progress' || lean.queuedCities > 0;
      if (!writing && !written) {
        written = performance.now();
        scoring.push(ms);
      }
      if (written && lean.scoringCities === 0) break;
      if (performance.now() - started > RUN_TIMEOUT_MS)
        throw new Error(
          `the run did not finish in ${s(RUN_TIMEOUT_MS)}: ${lean.queuedCities} pages to write, ${lean.scoringCities} to score`,
        );
      await sleep(PAUSE_MS);
    }
    const scored = performance.now();
    const label = `run: ${total.toLocaleString('en-US')} cities, offline model`;
    line(`${label}: upload request`, s(uploaded - started));
    line(
      `${label}: every page written`,
      s(written - started),
      `from the upload; every page scored ${s(scored - started)}`,
    );
    const figures = (xs: number[]) =>
      `${Math.round(quantile(xs, 0.5))} / ${Math.round(quantile(xs, 0.99))} / ${Math.round(Math.max(...xs))} ms`;
    line(
      `${label}: detail p50 / p99 / max`,
      figures(latencies),
      `${latencies.length} reads of the screen's tree while written and scored, ${PAUSE_MS} ms apart; ROLE=all`,
    );
    line(
      `${label}: detail while scored`,
      figures(scoring),
      `${scoring.length} reads from the one that saw every page written`,
    );
  } catch (error) {
    if (server) console.error(server.output().slice(-4000));
    throw error;
  } finally {
    // PGlite goes with the data dir; on PostgreSQL the agency goes as an admin removes one.
    if (process.env.DATABASE_URL && server && userId)
      await call(base, `/api/admin/users/${userId}/`, {
        method: 'DELETE',
        headers: adminHeaders,
      }).catch((error: unknown) => console.error('run: cleanup failed:', error));
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
