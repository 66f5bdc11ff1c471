import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

type Hit = { current: number; ttl: number };
type Done = (error: Error | null, hit?: Hit) => void;
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

// Expired rows are only dead weight: sweep them now and then, not on every request.
const SWEEP_EVERY = 500;

/**
 * A @fastify/rate-limit store in the application's database, so the per-address limits hold
 * across API processes and restarts. One atomic upsert per request counts the hit and opens a
 * new window when the old one has ended; the database's clock decides, so processes with
 * drifting clocks still agree. Works the same on PostgreSQL and embedded PGlite.
 */
export function createPgRateLimitStore(db: Db) {
  let sinceSweep = 0;

  async function count(key: string, windowMs: number): Promise<Hit> {
    const result = await db.execute(sql`
      insert into rate_limit_hits as r (key, hits, reset_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
        reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
      returning hits, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl`);
    const [row] = (result as unknown as { rows: Array<{ hits: number; ttl: number }> }).rows;
    sinceSweep += 1;
    if (sinceSweep >= SWEEP_EVERY) {
      sinceSweep = 0;
      await db.execute(sql`delete from rate_limit_hits where reset_at < now()`);
    }
    return { current: Number(row?.hits ?? 1), ttl: Math.ceil(Number(row?.ttl ?? windowMs)) };
  }

  return class PgRateLimitStore {
    private readonly prefix: string;

    constructor(params: RouteParams = {}) {
      const route = params.routeInfo;
      // Each limited route counts on its own, as the plugin's in-memory store does.
      this.prefix = route?.url ? `${String(route.method)} ${route.url} ` : '';
    }

    incr(key: string, done: Done, timeWindow: number): void {
      // Keys name a client's address and the e-mail it typed: kept as a digest, not as text.
      const digest = createHash('sha256')
        .update(this.prefix + key)
        .digest('base64url');
      count(`rate:${digest}`, timeWindow).then(
        (hit) => done(null, hit),
        (error: unknown) => done(error as Error),
      );
    }

    child(params: RouteParams) {
      return new PgRateLimitStore(params);
    }
  };
}
