import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import {
  fromPglite,
  runMigrations,
  fromConnectionString,
  type DbHandle,
} from '../src/db/client.ts';
import { createBoss, startBoss } from '../src/jobs/boss.ts';
import { createLogger } from '../src/lib/logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    testDatabaseUrl: string;
    /** On PostgreSQL: the migrated database each test file's database is copied from. */
    testTemplateDatabase: string;
  }
}

type Prepared = { dump: string; template: string; teardown(): Promise<void> };

/**
 * Each server project (server, server-slow, server-slow-processes) runs this setup, in the same
 * process: the database is prepared by the first and shared, and removed after the last one's
 * teardown.
 */
const shared = globalThis as { cityforgeTestDb?: { prepared: Promise<Prepared>; users: number } };

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL ?? '';
  shared.cityforgeTestDb ??= { prepared: prepareOnce(url), users: 0 };
  const state = shared.cityforgeTestDb;
  state.users += 1;
  const { dump, template } = await state.prepared;
  project.provide('testDatabaseUrl', url);
  project.provide('testTemplateDatabase', template);
  project.provide('pgliteDump', dump);
  return async () => {
    state.users -= 1;
    if (state.users > 0) return;
    shared.cityforgeTestDb = undefined;
    await (await state.prepared).teardown();
  };
}

/**
 * Migrates one database per run and installs the job queue's tables in it, so that no test
 * file pays for either (pg-boss's install is a few hundred ms of DDL per file). On PGlite the
 * migrated data dir is dumped once and each test file loads a copy. With TEST_DATABASE_URL a
 * template database beside it is migrated once and each test file gets a copy of its own
 * (CREATE DATABASE … TEMPLATE is a file copy), dropped when the file's app closes.
 */
async function prepareOnce(url: string): Promise<Prepared> {
  if (url) {
    const base = new URL(url).pathname.slice(1);
    // Every database of this run is named <base>__<pid of this process>_…, the template too;
    // what a run that was killed left behind (its process is gone) is dropped here. Named by
    // process, not by base alone, so runs side by side on one server keep their own.
    const template = `${base}__${process.pid}_template`;
    const admin = new pg.Client({ connectionString: url });
    // An error on this idle client (the server restarting under the run) must fail the run
    // through the next query, not crash Vitest's main process as an unhandled event.
    admin.on('error', () => {});
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${base.replaceAll('_', '\\_')}\\_\\_%`],
    );
    for (const { datname } of rows) {
      const pid = Number(/__(\d+)_/.exec(datname.slice(base.length))?.[1]);
      if (pid && !alive(pid))
        await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.query(`create database "${template}"`);
    const own = new URL(url);
    own.pathname = `/${template}`;
    await prepare(fromConnectionString(own.toString(), 2));
    await awaitNoBackends(admin, template);
    return {
      dump: '',
      template,
      async teardown() {
        await admin.query(`drop database if exists "${template}" with (force)`);
        await admin.end();
      },
    };
  }
  const pglite = new PGlite();
  const dump = await prepare(fromPglite(pglite), () => pglite.dumpDataDir('none'));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-test-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump!.arrayBuffer()));
  return {
    dump: file,
    template: '',
    async teardown() {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

/** Migrations, then pg-boss's schema and the app's queues, as a server's first start makes them. */
async function prepare<T>(
  handle: DbHandle,
  beforeClose?: () => Promise<T>,
): Promise<T | undefined> {
  await runMigrations(handle);
  const boss = createBoss(handle, createLogger('silent'));
  await startBoss(boss);
  await boss.stop({ graceful: false, close: true });
  const result = await beforeClose?.();
  await handle.close();
  return result;
}

/**
 * CREATE DATABASE … TEMPLATE refuses a template anyone is connected to, and a closed pool's
 * backends take a moment to exit. Waits for them rather than terminating them: terminating a
 * connection some client still holds is what once crashed this setup (57P01 on an idle
 * client). Only what outlives the wait, which no client of ours holds, is terminated.
 */
async function awaitNoBackends(admin: pg.Client, database: string): Promise<void> {
  const count = async () =>
    Number(
      (
        await admin.query<{ n: string }>(
          'select count(*) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        )
      ).rows[0]!.n,
    );
  for (let waited = 0; waited < 10_000 && (await count()) > 0; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
