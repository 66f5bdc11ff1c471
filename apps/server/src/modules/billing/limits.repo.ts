import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { cityPageLedger, plans, projects, subscriptions, users } from '../../db/schema/index.ts';

/** The counts plan limits are checked against; no rule lives here. */
export function createLimitsRepo(db: Db) {
  return {
    /**
     * Serialises one user's limited writes: the row lock is held until the caller's
     * transaction ends, so two uploads (or two creates) cannot both pass on the same count.
     * `no key update` leaves inserts that reference the user (their key-share locks) alone.
     */
    async lockUser(userId: string, tx: Executor) {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
    },
    async subscriptionWithPlan(userId: string, tx: Executor = db) {
      const [row] = await tx
        .select({ status: subscriptions.status, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, userId))
        .limit(1);
      return row ?? null;
    },
    async countProjects(userId: string, tx: Executor = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(projects)
        .where(eq(projects.userId, userId));
      return row?.n ?? 0;
    },
    /** Appends to the ledger of city pages made; in the transaction that inserted them. */
    async recordCityPages(userId: string, projectId: string, pages: number, tx: Executor) {
      if (pages > 0) await tx.insert(cityPageLedger).values({ userId, projectId, pages });
    },
    /** City pages made since `since` by the user, deleted ones included (rows of this transaction too). */
    async countCityPagesSince(userId: string, since: Date, tx: Executor = db) {
      const [row] = await tx
        .select({ n: sql<number>`coalesce(sum(${cityPageLedger.pages}), 0)::int` })
        .from(cityPageLedger)
        .where(and(eq(cityPageLedger.userId, userId), gte(cityPageLedger.createdAt, since)));
      return row?.n ?? 0;
    },
  };
}
export type LimitsRepo = ReturnType<typeof createLimitsRepo>;
