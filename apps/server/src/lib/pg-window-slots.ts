import { setTimeout as sleep } from 'node:timers/promises';
import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/index.ts';

export type WindowLimit = { limit: number; windowMs: number };

/**
 * At most `limit` takes of one key in any `windowMs`, however many processes share the
 * database. Each take holds one of the key's `limit` rows in `rate_limit_hits` until its window
 * has passed: a sliding log of the last `limit` takes, so no window, wherever it starts, holds
 * more. The claim is one atomic upsert and the database's clock decides, as in
 * pg-rate-limit-store.ts (whose sweep of expired rows frees nothing that is still held).
 */
export function createPgWindowSlots(db: Db) {
  const slotKeys = (key: string, limit: number) =>
    Array.from({ length: limit }, (_, i) => `${key}#${i}`);

  /** Claims a free slot, or answers how long until the first one frees (ms). */
  async function claim(key: string, { limit, windowMs }: WindowLimit): Promise<number | null> {
    const keys = slotKeys(key, limit);
    const held = await db
      .select({
        key: rateLimitHits.key,
        waitMs: sql<number>`greatest(0, extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000)::float8`,
      })
      .from(rateLimitHits)
      .where(inArray(rateLimitHits.key, keys));
    const busy = new Map(held.map((row) => [row.key, Number(row.waitMs)]));
    for (const slot of keys.filter((k) => !busy.get(k))) {
      // Another process may claim the same slot meanwhile: the update's condition settles it.
      const won = await db.execute(sql`
        insert into rate_limit_hits as r (key, hits, reset_at)
        values (${slot}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set hits = r.hits + 1, reset_at = excluded.reset_at
          where r.reset_at <= now()
        returning key`);
      if (rowsOf(won).length) return null;
    }
    const waits = [...busy.values()].filter((ms) => ms > 0);
    // Every slot was free when read and taken before this process got one: try again soon.
    return waits.length ? Math.min(...waits) : 50;
  }

  return {
    /**
     * Waits for a slot of `key` and takes it. `onWait` is told, each time there is none, when
     * the next one frees up; the wait itself has no end (a slot always frees within a window).
     */
    async take(key: string, limit: WindowLimit, onWait?: (until: Date) => unknown) {
      for (;;) {
        const waitMs = await claim(key, limit);
        if (waitMs === null) return;
        await onWait?.(new Date(Date.now() + waitMs));
        // A little past the slot's end, so the database's clock has passed it too.
        await sleep(Math.ceil(waitMs) + 20);
      }
    },
  };
}
export type PgWindowSlots = ReturnType<typeof createPgWindowSlots>;
