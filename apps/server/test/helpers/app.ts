import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig, type Config } from '../../src/config/env.ts';
import { fromConnectionString, fromPglite, type DbHandle } from '../../src/db/client.ts';
import { PGLITE_START_PARAMS } from '../../src/db/open.ts';
import { BOSS_SCHEMA, createBoss, startBoss } from '../../src/jobs/boss.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { buildApp } from '../../src/app.ts';
import { startWorkers } from '../../src/workers.ts';
import { seedPlans } from '../../src/modules/billing/plans.seed.ts';
import { startFakeSmtp, type FakeSmtp } from '@cityforge/fakes/smtp';

/**
 * log2 of scrypt's N for the test apps' password hashes (PASSWORD_HASH_COST) and the factories'
 * users: a run signs in hundreds of times, ~90 ms of CPU each at the production 15, ~2 ms at 10.
 * Production's floor of 15 is config's (platform.test.ts), the upgrade at sign-in auth.session's.
 */
export const TEST_PASSWORD_COST = 10;

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  smtp: FakeSmtp;
  config: Config;
  /** The queue's schema (pg-boss tables) in this app's database. */
  bossSchema: string;
  /** The app's database, which a second app may share (`sameDatabaseAs`). */
  handle: DbHandle;
  /** Resolves once a queue has no job waiting or running (polls the queue's own table). */
  drainQueue(name: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * This file's own migrated database, pg-boss already installed (see global-setup.ts): on
 * PGlite a copy of the migrated dump, on PostgreSQL a copy of the template database.
 */
async function openTestDatabase(): Promise<DbHandle> {
  const url = inject('testDatabaseUrl');
  if (url) return openTemplateCopy(url, inject('testTemplateDatabase'));
  let pglite = parked;
  parked = undefined;
  if (!pglite) {
    const { dump, wasm, bundle } = pgliteAssets();
    pglite = await PGlite.create({
      loadDataDir: dump,
      pgliteWasmModule: await wasm,
      fsBundle: bundle,
      startParams: PGLITE_START_PARAMS,
    });
    dumpState ??= await dumpStateOf(pglite);
  }
  const handle = fromPglite(pglite);
  const own = pglite;
  return {
    ...handle,
    async close() {
      if (!own.closed && (await emptied(own))) parked = own;
      else await handle.close();
    },
  };
}

/**
 * A worker's next file gets the database the last one closed, emptied back to the dump's
 * rows: starting PGlite from the dump was most of an app's start (~500 ms of CPU on a small
 * machine, once per file), emptying it takes a few milliseconds. What the tests write is
 * rows: the tables that hold any (of the app's and the queue's jobs) are emptied, and the few
 * rows the dump holds (migrated reference data) put back as they were. A file writes to a
 * dozen of the thirty-odd tables. They are emptied by DELETE with foreign keys off for the
 * moment (replica role: any order will do), not TRUNCATE, which gives every table and index a
 * new file: 53 → 17 ms of CPU per close, `npm test` 3 % less CPU.
 */
let parked: PGlite | undefined;
let dumpState:
  { tables: string[]; probe: string; rows: Array<{ table: string; json: string }> } | undefined;

async function dumpStateOf(pglite: PGlite) {
  const { rows: found } = await pglite.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname = 'public' or (schemaname = $1 and tablename in ('job', 'subscription'))
      order by 1`,
    [BOSS_SCHEMA],
  );
  const tables = found.map((t) => t.name);
  const rows: Array<{ table: string; json: string }> = [];
  for (const name of tables) {
    if (name.startsWith(`${BOSS_SCHEMA}.`)) continue;
    const { rows: kept } = await pglite.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${name} t`,
    );
    if (kept[0]?.json) rows.push({ table: name, json: kept[0].json });
  }
  // One row, one boolean per table: is it to be emptied? A table the dump has rows in always
  // is (they are put back as they were); any other, when it holds something.
  const seeded = new Set(rows.map((r) => r.table));
  const probe = `select ${tables
    .map((name, i) => `${seeded.has(name) ? 'true' : `exists (select from ${name})`} as "${i}"`)
    .join(', ')}`;
  return { tables, probe, rows };
}

async function emptied(pglite: PGlite): Promise<boolean> {
  if (!dumpState) return false;
  const { tables, probe, rows } = dumpState;
  try {
    const { rows: held } = await pglite.query<Record<string, boolean>>(probe);
    const written = tables.filter((_, i) => held[0]![i]);
    if (written.length)
      await pglite.exec(
        `set session_replication_role = replica;
         ${written.map((table) => `delete from ${table};`).join('\n')}
         set session_replication_role = default;`,
      );
    for (const { table, json } of rows)
      await pglite.query(
        `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`,
        [json],
      );
    return true;
  } catch {
    return false;
  }
}

let assets: { dump: Blob; wasm: Promise<WebAssembly.Module>; bundle: Blob } | undefined;

/**
 * What every PGlite of this worker starts from, read and compiled once per worker rather than
 * once per app (the files of a worker share this module): the migrated dump, PGlite's WASM
 * and its file bundle. A quarter of an app's start-up otherwise.
 */
function pgliteAssets() {
  if (assets) return assets;
  const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
  const read = (file: string) => fs.readFileSync(new URL(file, dist));
  assets = {
    dump: new Blob([fs.readFileSync(inject('pgliteDump'))]),
    wasm: WebAssembly.compile(read('pglite.wasm')),
    bundle: new Blob([read('pglite.data')]),
  };
  return assets;
}

/** A database of its own on the test PostgreSQL server, and how to drop it. */
async function ownPostgres(url: string, create: (name: string) => string) {
  // Named after the run's template (<base>__<pid>_…): global-setup drops what a killed run
  // left behind by that prefix.
  const prefix = inject('testTemplateDatabase').replace(/template$/, '');
  const name = `${prefix}${randomBytes(5).toString('hex')}`;
  const admin = fromConnectionString(url, 1);
  await admin.db.execute(sql.raw(create(name)));
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      // WITH (FORCE): a backend of the app still on its way out must not keep the database.
      await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await admin.close();
    },
  };
}

/** An empty database of its own on the test PostgreSQL server, and how to drop it. */
export const scratchPostgres = (url: string) =>
  ownPostgres(url, (name) => `create database "${name}"`);

/**
 * A copy of the migrated template (CREATE DATABASE … TEMPLATE copies its files), dropped on
 * close: each test file has a database of its own, as on PGlite, so tests that count across
 * all users see only their file's rows and each file's queue is its own.
 */
async function openTemplateCopy(url: string, template: string): Promise<DbHandle> {
  const copy = await ownPostgres(url, (name) => `create database "${name}" template "${template}"`);
  const handle = fromConnectionString(copy.url, 4);
  return {
    ...handle,
    async close() {
      await handle.close();
      await copy.drop();
    },
  };
}

/**
 * The production app on a migrated database, with its workers, pointed at a local SMTP
 * server through the environment contract. One per test file; tests isolate by fresh users.
 * Every app has a database of its own; `isolatedDatabase` is kept for the files that say they
 * need one (counting across all users), which every file now gets.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    isolatedDatabase?: boolean;
    logLines?: string[];
    /**
     * A second instance of the app on this one's database and queue (and its APP_SECRET, to
     * read what the other sealed), as a second machine of a scaled-out install.
     */
    sameDatabaseAs?: TestApp;
  } = {},
): Promise<TestApp> {
  const shared = opts.sameDatabaseAs;
  const smtp = await startFakeSmtp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: 'http://cityforge.test',
    APP_SECRET: shared?.config.APP_SECRET ?? randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_MAX: '1000',
    PASSWORD_HASH_COST: String(TEST_PASSWORD_COST),
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // No test ever reaches a real provider: unless a test starts the fake, calls are refused.
    OPENROUTER_BASE_URL: 'http://127.0.0.1:9/api/v1',
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    INDEXNOW_URL: 'http://127.0.0.1:9',
    // Netlify's limits (3 deploys a minute per token) are their own file's subject
    // (publishing.rate-limits.test.ts); other files deploy with one token many times a minute.
    NETLIFY_DEPLOYS_PER_WINDOW: '1000',
    NETLIFY_CALLS_PER_WINDOW: '100000',
    ...env,
  });
  const { logLines } = opts;
  const logger = createLogger(
    config.LOG_LEVEL,
    logLines && { write: (line: string) => void logLines.push(line) },
  );
  const handle = shared ? shared.handle : await openTestDatabase();
  if (!shared) await seedPlans(handle.db);
  // The queue's tables are in the copied database already: start() only checks their version.
  const bossSchema = BOSS_SCHEMA;
  const boss = createBoss(handle, logger, bossSchema);
  await startBoss(boss);
  const ctx = createContext({ config, handle, boss, logger });
  const stopWorkers = await startWorkers(ctx);
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    smtp,
    config,
    bossSchema,
    handle,
    async drainQueue(name, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const rows = await handle.db.execute(
          sql.raw(
            `select count(*)::int as n from "${bossSchema}".job where name = '${name}' and state in ('created','retry','active')`,
          ),
        );
        const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
        if (n === 0) return;
        if (Date.now() > deadline) throw new Error(`queue ${name} still has ${n} pending jobs`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      stopWorkers();
      await app.close();
      await boss.stop({ graceful: false, close: true });
      await ctx.changeFeed.close();
      // A second instance leaves the database to the app it shares it with.
      if (!shared) await handle.close();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
