import { and, count, eq, gte } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { cities, plans, projects, subscriptions, users } from '../../db/schema/index.ts';

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
    /** City pages created since `since` across the user's projects (rows of this transaction too). */
    async countCityPagesSince(userId: string, since: Date, tx: Executor = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(cities)
        .innerJoin(projects, eq(projects.id, cities.projectId))
        .where(and(eq(projects.userId, userId), gte(cities.createdAt, since)));
      return row?.n ?? 0;
    },
  };
}
export type LimitsRepo = ReturnType<typeof createLimitsRepo>;
