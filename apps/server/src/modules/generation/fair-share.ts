import type { PgBoss } from 'pg-boss';
import { bossSchemaOf } from '../../jobs/boss.ts';

/**
 * Fair share of the page workers across customers, kept in pg-boss's own priority so it holds
 * for any number of worker processes, on PostgreSQL and PGlite alike (workers already take the
 * waiting job of highest priority, oldest first).
 *
 * Each job gets a turn number (its priority is minus that number). The turn now being served
 * is the lowest waiting one; an owner's next job takes the turn after their last waiting job,
 * or the turn now being served when they have none waiting. So 2,000 city pages queued by one
 * customer take turns 0–1,999, and a homepage queued by another customer after 100 of them
 * were written takes turn 100: it waits for one page, not 1,900. Several customers with long
 * queues are served one page each in turn. Two sends of one owner racing each other may share
 * turns; that only interleaves their pages.
 */
export async function fairStart(boss: PgBoss, queue: string, ownerId: string): Promise<number> {
  const schema = bossSchemaOf(boss).replaceAll('"', '""');
  // Waiting jobs, written as the predicate of pg-boss's own index of them, so that index serves.
  const { rows } = await boss.getDb().executeSql(
    `select coalesce(-max(priority), 0)::int as now,
            (-min(priority) filter (where data->>'ownerId' = $2))::int as last
       from "${schema}".job
      where name = $1 and state < 'active' and not blocked`,
    [queue, ownerId],
  );
  const row = rows[0] as { now: number; last: number | null } | undefined;
  const now = row?.now ?? 0;
  return row?.last == null ? now : Math.max(now, row.last + 1);
}
