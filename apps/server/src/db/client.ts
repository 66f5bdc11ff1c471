import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos take either the database or a transaction, so services can compose them. */
export type Executor = Db | Tx;

/** The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type DbHandle =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close(): Promise<void> }
  | { kind: 'pg'; db: Db; pool: pg.Pool; connectionString: string; close(): Promise<void> };

const MIGRATIONS = new URL('./migrations', import.meta.url).pathname;

export function fromPglite(pglite: PGlite, onClose?: () => Promise<void> | void): DbHandle {
  return {
    kind: 'pglite',
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    pglite,
    async close() {
      if (!pglite.closed) await pglite.close();
      await onClose?.();
    },
  };
}

export function fromConnectionString(
  connectionString: string,
  max = 10,
  onIdleError: (err: Error) => void = () => {},
): DbHandle {
  const pool = new pg.Pool({ connectionString, max });
  // A client the server ends while it sits idle in the pool (a restart, a failover, an
  // operator's pg_terminate_backend) errors outside any query. pg drops it from the pool and
  // the next query opens a new one; with no listener, Node would treat the event as fatal.
  pool.on('error', onIdleError);
  return {
    kind: 'pg',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    pool,
    connectionString,
    close: () => pool.end(),
  };
}

// Any fixed number, the same in every process: the key of the migration advisory lock.
const MIGRATION_LOCK = 4_172_026_001;

export async function runMigrations(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS });
    return;
  }
  // drizzle's migrator takes no lock: API and worker processes starting together would each
  // apply the same pending file, and all but one would fail at boot. One at a time; the others
  // then find nothing pending.
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(handle.db as never, { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

export { PGlite };
