import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import {
  isInProgress,
  type TDeployment,
  type TProject,
  type TProjectDetail,
  type TUploadReport,
} from '@cityforge/shared';
import { sha1 } from '../../src/modules/publishing/site-output.ts';
import { scratchPostgres } from './app.ts';
import { multipartForm, type UploadFile } from './locations.ts';
import { freePort, spawnServer, type ServerProcess } from './process.ts';
import { until } from './wait.ts';

/**
 * How long a child may take to start: a hang guard, not a figure. An embedded server that
 * boots after a kill recovers the database and sweeps what the dead process left before it
 * listens, and on a loaded 2-core machine that alone took over a minute.
 */
const BOOT_WAIT_MS = 180_000;

export const ADMIN = { email: 'root@example.com', password: 'admin-pass-1' };

/**
 * The database real server processes share, on the suite's mode: a PGlite folder under
 * DATA_DIR, or (with TEST_DATABASE_URL) an empty PostgreSQL database of its own that the
 * first process migrates.
 */
export type ChildDatabase = {
  kind: 'pglite' | 'pg';
  dataDir: string;
  /** DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  /**
   * SQL on that database. PGlite has one user at a time (the server's lock file), so there
   * it may only run while no server holds the folder.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
};

function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * Starts real server processes (main.ts) on one database and cleans everything up in
 * close(): every child still running is SIGKILLed, scratch databases and folders removed.
 * Call close() from afterAll so a failing test leaves nothing behind.
 */
export function crashRig() {
  const children: ServerProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];

  async function database(): Promise<ChildDatabase> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-crash-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const url = inject('testDatabaseUrl');
    if (url) {
      const scratch = await scratchPostgres(url);
      const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
      // A client still closing when the cleanup below terminates the database's backends
      // reports 57P01; without a listener the pool would throw it as an unhandled error.
      pool.on('error', () => {});
      cleanups.push(async () => {
        await pool.end();
        // A killed child's backends may still be on their way out; DROP would refuse them.
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [new URL(scratch.url).pathname.slice(1)],
        );
        await admin.end();
        await scratch.drop();
      });
      return {
        kind: 'pg',
        dataDir,
        env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
        async query<T>(text: string, params?: unknown[]) {
          return (await pool.query(text, params)).rows as T[];
        },
      };
    }
    return {
      kind: 'pglite',
      dataDir,
      env: { DATA_DIR: dataDir },
      async query<T>(text: string, params?: unknown[]) {
        const holder = lockHolder(dataDir);
        if (holder) throw new Error(`stop the server (pid ${holder}) before reading its PGlite`);
        const db = await PGlite.create(path.join(dataDir, 'db'));
        try {
          return (await db.query<T>(text, params)).rows;
        } finally {
          await db.close();
        }
      },
    };
  }

  /** The environment every child shares: one secret, so any process reads what another sealed. */
  const secret = randomBytes(32).toString('hex');

  /** A server process (main.ts) on `db`, not waited for: it may well refuse to start. */
  async function spawn(db: ChildDatabase, env: Record<string, string> = {}) {
    const port = env.PORT ?? String(await freePort());
    const child = spawnServer({
      ...db.env,
      PORT: port,
      APP_SECRET: secret,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_AUTH_MAX: '1000',
      // No child ever reaches a real provider unless the test points it at a fake.
      OPENROUTER_BASE_URL: 'http://127.0.0.1:9/api/v1',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      NETLIFY_API_URL: 'http://127.0.0.1:9/api/v1',
      // On PostgreSQL, what a killed process left is put right once it has been still 15 s
      // (the floor) instead of a minute: the same sweep, sooner. The embedded mode, at boot.
      RECOVER_AFTER_SECONDS: '15',
      // A worker has no banner; it logs "worker started" at info level.
      ...(env.ROLE === 'worker' ? { LOG_LEVEL: 'info' } : {}),
      ...env,
    });
    children.push(child);
    return { ...child, base: `http://127.0.0.1:${port}` };
  }

  /** A server process on `db`, once it listens (a worker: once its handlers are registered). */
  async function start(db: ChildDatabase, env: Record<string, string> = {}) {
    const child = await spawn(db, env);
    if (env.ROLE === 'worker') {
      const text = await child.ready(/"msg":"worker started"/, BOOT_WAIT_MS);
      if (child.child.exitCode !== null) throw new Error(`worker exited:\n${text}`);
    } else {
      await child.url(BOOT_WAIT_MS);
    }
    return child;
  }

  return {
    database,
    spawn,
    start,
    async close() {
      for (const child of children) if (child.child.exitCode === null) child.child.kill('SIGKILL');
      await Promise.all(children.map((c) => c.exited));
      // Every cleanup runs even when one fails; the first failure is reported.
      const failures: unknown[] = [];
      for (const cleanup of cleanups.reverse())
        await cleanup().catch((e: unknown) => failures.push(e));
      if (failures.length) throw failures[0];
    },
  };
}

/** SIGKILL: the process gets no chance to close a transaction, a request or a lock. */
export async function kill(server: ServerProcess) {
  server.child.kill('SIGKILL');
  await server.exited;
}

export type Api = {
  base: string;
  headers: Record<string, string>;
  get<T>(url: string): Promise<{ status: number; body: T }>;
  send<T>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }>;
};

/** Signs the superuser in (ADMIN_EMAIL) and answers JSON calls with its token. */
export async function signIn(base: string): Promise<Api> {
  const res = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const { access } = (await res.json()) as { access: string };
  const headers = { authorization: `Bearer ${access}` };
  const send = async <T>(method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${base}${url}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    return { status: answer.status, body: (text ? JSON.parse(text) : null) as T };
  };
  return { base, headers, get: (url) => send('GET', url), send };
}

/** POSTs spreadsheet files to the project's upload form, as the browser does. */
export async function uploadSheets(
  api: Api,
  id: string,
  files: UploadFile[],
  fields: Record<string, string> = { model: 'offline-draft' },
) {
  const form = await multipartForm(fields, files);
  const res = await fetch(`${api.base}/api/project/${id}/upload/`, {
    method: 'POST',
    headers: { ...api.headers, ...form.headers },
    body: new Uint8Array(form.payload),
  });
  return { status: res.status, body: (await res.json()) as TUploadReport & { message: string } };
}

export async function createProject(api: Api, values: Record<string, unknown>): Promise<string> {
  const res = await api.send<{ data: { id: string } }>('POST', '/api/projects/create/', values);
  if (res.status !== 201)
    throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export async function detail(api: Api, id: string): Promise<TProjectDetail> {
  const res = await api.get<{ data: TProjectDetail }>(`/api/projects/${id}/detail/`);
  if (res.status !== 200) throw new Error(`detail answered ${res.status}`);
  return res.body.data;
}

/** The project's last deploy, as the card reads it. */
export async function deploymentOf(api: Api, id: string): Promise<TDeployment | null> {
  return (await api.get<{ data: TDeployment | null }>(`/api/projects/${id}/deployment/`)).body.data;
}

/** Published files as a deploy's digest (path → SHA1), to compare with what a deploy sent. */
export const digestOf = (files: Map<string, Buffer>) =>
  new Map([...files].map(([file, data]) => [file, sha1(data)]));

/**
 * Polls the project (not its detail: a big project's tree on every poll would slow the very
 * generation being waited for) until generation settles, then answers the detail.
 */
export async function settled(api: Api, id: string, timeoutMs = 120_000) {
  await until(
    async () => (await api.get<{ data: TProject }>(`/api/projects/${id}/`)).body.data.status,
    (status) => !isInProgress(status),
    `project ${id} to settle`,
    timeoutMs,
  );
  return detail(api, id);
}

/** Every page and city page of a project with its status and failure reason. */
export function pageStates(d: TProjectDetail) {
  const cities = d.states.flatMap((s) => s.counties.flatMap((c) => c.cities));
  return [...d.pages, ...d.servicePages, ...cities].map((p) => ({
    id: p.id,
    name: p.name,
    status: p.status,
    failureReason: p.failureReason,
    usage: p.usage.length,
  }));
}
