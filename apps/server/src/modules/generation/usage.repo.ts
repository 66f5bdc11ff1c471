import type { Db } from '../../db/client.ts';
import { aiUsage } from '../../db/schema/index.ts';

export type NewUsage = typeof aiUsage.$inferInsert;

/** The AI usage ledger: what each call cost, per project; images and the editor write it too. */
export function createUsageRepo(db: Db) {
  return {
    async recordUsage(row: NewUsage): Promise<void> {
      await db.insert(aiUsage).values(row);
    },
  };
}
export type UsageRepo = ReturnType<typeof createUsageRepo>;
