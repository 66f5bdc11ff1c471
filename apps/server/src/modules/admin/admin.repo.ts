import { and, count, desc, eq, gt, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  aiUsage,
  deploys,
  invoices,
  plans,
  projects,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import {
  SUBSCRIBED_STATUSES,
  subscriptionViewColumns,
  type SubscriptionView,
} from '../users/index.ts';
import { containing } from '../../lib/sql-like.ts';

const sumInt = (column: SQL | typeof aiUsage.totalTokens) =>
  sql<number>`coalesce(sum(${column}), 0)::int`;

export type UserFigures = {
  revenueCents: number;
  usage: {
    calls: number;
    promptTokens: number;
    completionTokens: number;
    totalTokens: number;
    costUsd: number;
    unpricedCalls: number;
  };
  totalProjects: number;
  totalDeployments: number;
};

const noFigures = (): UserFigures => ({
  revenueCents: 0,
  usage: {
    calls: 0,
    promptTokens: 0,
    completionTokens: 0,
    totalTokens: 0,
    costUsd: 0,
    unpricedCalls: 0,
  },
  totalProjects: 0,
  totalDeployments: 0,
});

export function createAdminRepo(db: Db) {
  return {
    async kpis(activeSince: Date) {
      const [[all], [active], [paid], [revenue]] = await Promise.all([
        db.select({ n: count() }).from(users),
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.isActive, true), gte(users.lastActivityAt, activeSince))),
        db
          .select({ n: count() })
          .from(subscriptions)
          .innerJoin(plans, eq(plans.id, subscriptions.planId))
          .where(
            and(inArray(subscriptions.status, [...SUBSCRIBED_STATUSES]), gt(plans.priceCents, 0)),
          ),
        db
          .select({ cents: sumInt(sql`${invoices.amountCents}`) })
          .from(invoices)
          .where(eq(invoices.status, 'paid')),
      ]);
      return {
        totalUsers: all?.n ?? 0,
        totalActiveUsers: active?.n ?? 0,
        totalPaidUsers: paid?.n ?? 0,
        revenueCents: revenue?.cents ?? 0,
      };
    },

    /** Newest first; the search matches first, last or full name, or e-mail. */
    async listUsers(search: string, page: number, size: number) {
      let where: SQL | undefined;
      if (search) {
        const like = containing(search);
        where = or(
          ilike(users.email, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        );
      }
      const [total] = await db.select({ n: count() }).from(users).where(where);
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.joinedAt), desc(users.id))
        .limit(size)
        .offset((page - 1) * size);
      return { count: total?.n ?? 0, rows };
    },

    /** Revenue, usage, projects and deployments of a page of users: four grouped queries. */
    async figuresOf(userIds: string[]): Promise<Map<string, UserFigures>> {
      const figures = new Map(userIds.map((id) => [id, noFigures()]));
      if (!userIds.length) return figures;
      const [revenue, usage, projectCounts, deployCounts] = await Promise.all([
        db
          .select({ userId: invoices.userId, cents: sumInt(sql`${invoices.amountCents}`) })
          .from(invoices)
          .where(and(inArray(invoices.userId, userIds), eq(invoices.status, 'paid')))
          .groupBy(invoices.userId),
        db
          .select({
            userId: aiUsage.userId,
            calls: count(),
            promptTokens: sumInt(sql`${aiUsage.promptTokens}`),
            completionTokens: sumInt(sql`${aiUsage.completionTokens}`),
            totalTokens: sumInt(aiUsage.totalTokens),
            costUsd: sql<number>`coalesce(sum(${aiUsage.costUsd}), 0)::float8`,
            unpricedCalls: sql<number>`(count(*) - count(${aiUsage.costUsd}))::int`,
          })
          .from(aiUsage)
          .where(inArray(aiUsage.userId, userIds))
          .groupBy(aiUsage.userId),
        db
          .select({ userId: projects.userId, n: count() })
          .from(projects)
          .where(inArray(projects.userId, userIds))
          .groupBy(projects.userId),
        db
          .select({ userId: projects.userId, n: count() })
          .from(deploys)
          .innerJoin(projects, eq(projects.id, deploys.projectId))
          .where(and(inArray(projects.userId, userIds), eq(deploys.state, 'ready')))
          .groupBy(projects.userId),
      ]);
      for (const r of revenue) figures.get(r.userId)!.revenueCents = r.cents;
      for (const { userId, ...u } of usage) figures.get(userId)!.usage = u;
      for (const r of projectCounts) figures.get(r.userId)!.totalProjects = r.n;
      for (const r of deployCounts) figures.get(r.userId)!.totalDeployments = r.n;
      return figures;
    },

    /** Subscriptions of a page of users, with their plan names. */
    async subscriptionsOf(userIds: string[]): Promise<Map<string, SubscriptionView>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select({ userId: subscriptions.userId, ...subscriptionViewColumns })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(inArray(subscriptions.userId, userIds));
      return new Map(rows.map((r) => [r.userId, r]));
    },

    /** Projects, pages, usage, invoices, sessions and the subscription go with the row. */
    async deleteUser(id: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;
