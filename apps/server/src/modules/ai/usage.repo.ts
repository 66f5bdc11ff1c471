import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { OFFLINE_MODEL_ID } from '@cityforge/shared';
import type { Db } from '../../db/client.ts';
import { aiUsage, modelPrices } from '../../db/schema/index.ts';

export type NewUsage = typeof aiUsage.$inferInsert;

/**
 * How many of a project's latest calls an estimate reads: enough for stable quartiles, and a
 * bounded read however many pages the project has (the spending caps ask before every page).
 */
const PAGE_TOKENS_SAMPLE = 1_000;

/**
 * What a call cost in USD, priced in the same statement that records it: the model's price
 * per token as last fetched (model_prices), 0 for the offline draft, null when unpriced.
 */
function costOf(row: NewUsage) {
  if (row.model === OFFLINE_MODEL_ID) return sql`0`;
  const p = modelPrices;
  return sql`(select ${p.promptUsd}::float8 * ${row.promptTokens ?? 0} + ${p.completionUsd}::float8 * ${row.completionTokens ?? 0}
    from ${p} where ${p.model} = ${row.model})`;
}

/** The AI usage ledger: what each call cost, per project; images and the editor write it too. */
export function createUsageRepo(db: Db) {
  return {
    async recordUsage(row: NewUsage): Promise<void> {
      await db.insert(aiUsage).values({ ...row, costUsd: row.costUsd ?? costOf(row) });
    },

    /**
     * What writing one page of a call type took in a project with a model, over its latest
     * PAGE_TOKENS_SAMPLE calls: the quartiles of its write calls' tokens, how much its repair
     * calls added on top (a factor, 1 without any), and the prompt's share of the tokens. Null
     * when the project has no such call.
     */
    async pageTokens(projectId: string, model: string, callType: string) {
      const u = aiUsage;
      const recent = db
        .select({
          write: sql<boolean>`${u.callType} = ${callType}`.as('write'),
          prompt: u.promptTokens,
          tokens: sql<number>`(${u.promptTokens} + ${u.completionTokens})::float8`.as('tokens'),
        })
        .from(u)
        .where(
          and(
            eq(u.projectId, projectId),
            eq(u.model, model),
            inArray(u.callType, [callType, `${callType}_repair`]),
          ),
        )
        .orderBy(desc(u.createdAt))
        .limit(PAGE_TOKENS_SAMPLE)
        .as('recent');
      const writes = sql`${recent.write}`;
      const quartile = (q: 0.25 | 0.75) =>
        sql<number | null>`percentile_cont(${sql.raw(String(q))})
          within group (order by ${recent.tokens}) filter (where ${writes})`;
      const [row] = await db
        .select({
          writes: sql<number>`(count(*) filter (where ${writes}))::int`,
          low: quartile(0.25),
          high: quartile(0.75),
          overhead: sql<number | null>`sum(${recent.tokens})
            / nullif(sum(${recent.tokens}) filter (where ${writes}), 0)`,
          promptShare: sql<number | null>`sum(${recent.prompt})::float8
            / nullif(sum(${recent.tokens}), 0)`,
        })
        .from(recent);
      if (!row?.writes || row.low === null || row.high === null) return null;
      return {
        writes: row.writes,
        low: Number(row.low),
        high: Number(row.high),
        overhead: Number(row.overhead ?? 1),
        promptShare: Number(row.promptShare ?? 0),
      };
    },
  };
}
export type UsageRepo = ReturnType<typeof createUsageRepo>;
