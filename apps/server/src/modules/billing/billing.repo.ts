import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { invoices, plans, subscriptions } from '../../db/schema/index.ts';

export function createBillingRepo(db: Db) {
  return {
    listPlans: (tx: Executor = db) => tx.select().from(plans).orderBy(asc(plans.sortOrder)),
    async findPlan(id: string, tx: Executor = db) {
      const [row] = await tx.select().from(plans).where(eq(plans.id, id)).limit(1);
      return row ?? null;
    },
    async findSubscription(userId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .limit(1);
      return row ?? null;
    },
    async upsertSubscription(values: typeof subscriptions.$inferInsert, tx: Executor = db) {
      const { userId: _userId, ...update } = values;
      await tx
        .insert(subscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: subscriptions.userId,
          set: { ...update, updatedAt: new Date() },
        });
    },
    async listInvoices(userId: string, page: number, pageSize: number, tx: Executor = db) {
      const [total] = await tx
        .select({ n: count() })
        .from(invoices)
        .where(eq(invoices.userId, userId));
      const rows = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { count: total?.n ?? 0, rows };
    },
  };
}
export type BillingRepo = ReturnType<typeof createBillingRepo>;
