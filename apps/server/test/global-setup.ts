import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, runMigrations, fromConnectionString } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    testDatabaseUrl: string;
  }
}

/**
 * Migrates one database per run. On PGlite the migrated data dir is dumped once and each
 * test file loads a copy (seconds, not a fresh initdb per test). With TEST_DATABASE_URL the
 * suite shares that PostgreSQL database, reset here, and isolates tests by fresh users.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL ?? '';
  project.provide('testDatabaseUrl', url);
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname in ('public','drizzle') or nspname like 'pgboss%'`,
    );
    for (const { nspname } of rows)
      await client.query(`drop schema if exists "${nspname}" cascade`);
    await client.query('create schema if not exists public');
    await client.end();
    const handle = fromConnectionString(url, 2);
    await runMigrations(handle);
    await handle.close();
    project.provide('pgliteDump', '');
    return;
  }
  const handle = fromPglite(new PGlite());
  await runMigrations(handle);
  const dump = await (handle.kind === 'pglite' ? handle.pglite.dumpDataDir('none') : null);
  await handle.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-test-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump!.arrayBuffer()));
  project.provide('pgliteDump', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
