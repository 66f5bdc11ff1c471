import { and, eq, lt, sql } from 'drizzle-orm';
import { takeExcluded } from '../../db/excluded.ts';
import type { Db } from '../../db/client.ts';
import { modelPrices } from '../../db/schema/index.ts';

export type PriceSource = 'openrouter' | 'table';
export type ModelPrice = { prompt: number; completion: number };
export type PriceRow = ModelPrice & { model: string };

/** The database's clock: machines sharing the database agree on what "a day old" means. */
const olderThan = (hours: number) => sql`now() - make_interval(hours => ${hours})`;

/** Model prices per token (model_prices), as last fetched or shipped. */
export function createPricesRepo(db: Db) {
  return {
    async priceOf(model: string): Promise<ModelPrice | null> {
      const [row] = await db
        .select({ prompt: modelPrices.promptUsd, completion: modelPrices.completionUsd })
        .from(modelPrices)
        .where(eq(modelPrices.model, model));
      return row ?? null;
    },

    /** How many rows a source has, and how many of them were written within `hours`. */
    async freshness(source: PriceSource, hours: number) {
      const [row] = await db
        .select({
          all: sql<number>`count(*)::int`,
          fresh: sql<number>`(count(*) filter (where ${modelPrices.fetchedAt} >= ${olderThan(hours)}))::int`,
        })
        .from(modelPrices)
        .where(eq(modelPrices.source, source));
      return { all: row?.all ?? 0, fresh: row?.fresh ?? 0 };
    },

    /**
     * Marks a source's stale rows as being refreshed now, and answers whether this caller got
     * them: of two machines claiming at once, the second finds the rows fresh (the re-check of
     * a row another transaction updated sees its new fetched_at) and updates none.
     */
    async claimStale(source: PriceSource, hours: number): Promise<boolean> {
      const rows = await db
        .update(modelPrices)
        .set({ fetchedAt: sql`now()` })
        .where(and(eq(modelPrices.source, source), lt(modelPrices.fetchedAt, olderThan(hours))))
        .returning({ model: modelPrices.model });
      return rows.length > 0;
    },

    /** After a failed refresh: the rows read as `hours` old, so the next try comes sooner. */
    async backdate(source: PriceSource, hours: number): Promise<void> {
      await db
        .update(modelPrices)
        .set({ fetchedAt: olderThan(hours) })
        .where(eq(modelPrices.source, source));
    },

    /** Writes prices of one source; a model priced by the other source keeps its row. */
    async upsert(source: PriceSource, rows: PriceRow[], fetchedAt?: Date): Promise<void> {
      if (!rows.length) return;
      const at = fetchedAt ?? sql`now()`;
      await db
        .insert(modelPrices)
        .values(
          rows.map((r) => ({
            model: r.model,
            promptUsd: r.prompt,
            completionUsd: r.completion,
            source,
            fetchedAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: modelPrices.model,
          set: takeExcluded(modelPrices, ['promptUsd', 'completionUsd', 'fetchedAt']),
          setWhere: eq(modelPrices.source, source),
        });
    },
  };
}
export type PricesRepo = ReturnType<typeof createPricesRepo>;
