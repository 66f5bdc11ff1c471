import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import {
  fromConnectionString,
  fromPglite,
  runMigrations,
  type DbHandle,
} from '../src/db/client.ts';
import { scratchPostgres } from './helpers/app.ts';

const MIGRATION_FILES = fs
  .readdirSync(path.join(import.meta.dirname, '../src/db/migrations'))
  .filter((f) => f.endsWith('.sql')).length;

async function appliedMigrations(handle: DbHandle): Promise<number> {
  const result = await handle.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('migrations', () => {
  it('end in one schema when several processes boot at once (PostgreSQL) or a process boots again (PGlite)', async () => {
    const url = inject('testDatabaseUrl');
    if (!url) {
      // Embedded mode has one process per folder (its lock file); a second boot finds nothing to do.
      const handle = fromPglite(new PGlite());
      await runMigrations(handle);
      await runMigrations(handle);
      expect(await appliedMigrations(handle)).toBe(MIGRATION_FILES);
      await handle.close();
      return;
    }
    // An API process and two workers starting together on an empty database.
    const scratch = await scratchPostgres(url);
    const handles = [1, 2, 3].map(() => fromConnectionString(scratch.url, 2));
    try {
      const outcomes = await Promise.allSettled(handles.map((h) => runMigrations(h)));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(await appliedMigrations(handles[0]!)).toBe(MIGRATION_FILES);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await scratch.drop();
    }
  });
});
