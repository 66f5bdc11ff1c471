import { sql } from 'drizzle-orm';
import type { TestApp } from './app.ts';

/** Every row of every table of the app's schema, each row as JSON, sorted per table. */
export type DatabaseSnapshot = Record<string, string[]>;

const rowsOf = async (t: TestApp, query: string) =>
  (
    (await t.ctx.db.execute(sql.raw(query))) as unknown as {
      rows: Record<string, unknown>[];
    }
  ).rows;

/**
 * Security bookkeeping that every request may write by design, not application state: the
 * per-address request counts (kept in process memory before), the sign-in attempts counted per
 * address and network, and the clients that signed in. A bad body is still counted against its
 * sender; that is the point of them.
 */
const BOOKKEEPING_TABLES = new Set(['rate_limit_hits', 'sign_in_throttles', 'sign_in_proofs']);

/**
 * The whole application schema (public; the job queue lives in its own schema), less the
 * bookkeeping above. Only for a
 * database of the test's own, as every createTestApp has (a PGlite copy, or a copy of the
 * template database on PostgreSQL): on a shared one, other test files would write beside it.
 */
export async function snapshotDatabase(t: TestApp): Promise<DatabaseSnapshot> {
  const tables = await rowsOf(
    t,
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const snapshot: DatabaseSnapshot = {};
  for (const { name } of tables) {
    const table = String(name);
    if (BOOKKEEPING_TABLES.has(table)) continue;
    const rows = await rowsOf(t, `select * from "${table}"`);
    snapshot[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

/** What differs between two snapshots, one line per added or removed row ("" when none). */
export function snapshotDiff(before: DatabaseSnapshot, after: DatabaseSnapshot): string {
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const now = new Set(after[table] ?? []);
    for (const row of was) if (!now.has(row)) lines.push(`${table} − ${row.slice(0, 400)}`);
    for (const row of now) if (!was.has(row)) lines.push(`${table} + ${row.slice(0, 400)}`);
  }
  return lines.join('\n');
}
