import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadGeoNamesRows } from '../apps/server/src/modules/locations/geo-sources.ts';
import { startFakeAi } from '@cityforge/fakes/openai';
import { freePort, type ServerProcess } from '../apps/server/test/helpers/process.ts';
import { call, json, login, type Headers } from './api.ts';
import type { Line, StartServer } from './bench-types.ts';

/** The hostile tenant's queue: an agency uploading a whole region at once. */
const CITIES = 2_000;
const LATENCY_MS = 200;
/** Every slot of the one worker may serve one key: nothing but fairness protects tenant B. */
const SLOTS = 4;
const MODEL = 'anthropic/claude-3.7-sonnet';
const PASSWORD = 'hostile-pass-1';

type Detail = {
  status: string;
  queuedCities: number;
  pages: Array<{ kind?: string; slug: string; status: string }>;
};

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

async function tenant(base: string, admin: Headers, name: string) {
  const email = `${name}-${randomBytes(3).toString('hex')}@example.com`;
  await call(
    base,
    '/api/admin/users/create/',
    json(admin, 'POST', {
      firstName: 'Tenant',
      lastName: name,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      adminBypass: true,
    }),
    201,
  );
  const headers = await login(base, email, PASSWORD);
  // Each tenant pays with its own key, so each is its own concurrency group.
  await call(base, '/auth/me/', json(headers, 'PATCH', { userOpenRouterApiKey: `sk-or-${name}` }));
  return headers;
}

async function createProject(base: string, headers: Headers, name: string) {
  const { data } = await call<{ data: { id: string } }>(
    base,
    '/api/projects/create/',
    json(headers, 'POST', { name, serviceType: 'Plumbing', model: MODEL }),
    201,
  );
  return data.id;
}

const detail = async (base: string, headers: Headers, id: string) =>
  (await call<{ data: Detail }>(base, `/api/projects/${id}/detail/`, { headers })).data;

/**
 * Two tenants on one worker: A queues 2,000 city pages, then B creates a project. Prints how
 * long B's homepage waited, and how many of A's pages were written meanwhile (in arrival
 * order it would be all 2,000).
 */
export async function fairnessBench(
  line: Line,
  startServer: StartServer,
  admin: { email: string; password: string },
) {
  const ai = await startFakeAi({ latencyMs: LATENCY_MS });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-bench-hostile-'));
  const port = await freePort();
  let server: ServerProcess | undefined;
  try {
    server = (
      await startServer(dataDir, port, {
        OPENROUTER_BASE_URL: ai.openRouterUrl,
        WORKER_CONCURRENCY: String(SLOTS),
        GENERATION_CONCURRENCY_PER_KEY: String(SLOTS),
      })
    ).server;
    const base = `http://127.0.0.1:${port}`;
    const adminHeaders = await login(base, admin.email, admin.password);
    const a = await tenant(base, adminHeaders, 'hostile');
    const b = await tenant(base, adminHeaders, 'newcomer');

    const big = await createProject(base, a, 'Everywhere Plumbing');
    while ((await detail(base, a, big)).status.toLowerCase() === 'in progress') await sleep(200);
    const form = new FormData();
    form.append('file', new Blob([citySheet()], { type: 'text/csv' }), 'region.csv');
    form.append('model', MODEL);
    await call(
      base,
      `/api/project/${big}/upload/`,
      { method: 'POST', headers: a, body: form },
      201,
    );
    const queuedAtStart = (await detail(base, a, big)).queuedCities;

    const started = performance.now();
    const small = await createProject(base, b, 'Corner Plumbing');
    for (;;) {
      const home = (await detail(base, b, small)).pages.find((p) => p.slug === 'homepage');
      if (home?.status === 'Completed') break;
      await sleep(50);
    }
    const waited = performance.now() - started;
    const aWritten = queuedAtStart - (await detail(base, a, big)).queuedCities;
    line(
      `hostile: A queued ${queuedAtStart} city pages`,
      `${SLOTS} slots`,
      `model ${LATENCY_MS} ms`,
    );
    line(
      "hostile: B's new homepage written after",
      `${(waited / 1000).toFixed(2)} s`,
      `≈ ${(waited / LATENCY_MS).toFixed(1)} page times; FIFO: ~${((queuedAtStart * LATENCY_MS) / SLOTS / 1000).toFixed(0)} s`,
    );
    line("hostile: A's pages taken meanwhile", String(aWritten), 'a few, not thousands');
  } finally {
    await server?.stop();
    await ai.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
