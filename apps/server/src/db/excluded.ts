import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/**
 * An upsert's `set` where the named columns take the values the insert proposed
 * (`excluded.<column>`), for `onConflictDoUpdate`.
 */
export function takeExcluded<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
): Record<K, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    keys.map((key) => [key, sql`excluded.${sql.identifier(columns[key]!.name)}`]),
  ) as Record<K, SQL>;
}
