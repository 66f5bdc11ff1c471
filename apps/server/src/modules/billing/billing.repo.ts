import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { takeExcluded } from '../../db/excluded.ts';
import type { Db, Executor } from '../../db/client.ts';
import { invoices, plans, stripeEvents, subscriptions, users } from '../../db/schema/index.ts';

export type NewInvoice = typeof invoices.$inferInsert;

export function createBillingRepo(db: Db) {
  return {
    listPlans: (tx: Executor = db) => tx.select().from(plans).orderBy(asc(plans.sortOrder)),
    async findPlan(id: string, tx: Executor = db) {
      const [row] = await tx.select().from(plans).where(eq(plans.id, id)).limit(1);
      return row ?? null;
    },
    async findPlanByPrice(stripePriceId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(plans)
        .where(eq(plans.stripePriceId, stripePriceId))
        .limit(1);
      return row ?? null;
    },
    /** Stores a provisioned price unless one is already set; answers the price that is set. */
    async setPlanPriceIfMissing(planId: string, stripePriceId: string, tx: Executor = db) {
      await tx
        .update(plans)
        .set({ stripePriceId })
        .where(and(eq(plans.id, planId), isNull(plans.stripePriceId)));
      const [row] = await tx
        .select({ stripePriceId: plans.stripePriceId })
        .from(plans)
        .where(eq(plans.id, planId));
      return row?.stripePriceId ?? null;
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
    /** First writer wins, so two concurrent checkouts end up on one Stripe customer. */
    async setCustomerIdIfMissing(userId: string, customerId: string, tx: Executor = db) {
      await tx
        .update(users)
        .set({ stripeCustomerId: customerId })
        .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
      const [row] = await tx
        .select({ stripeCustomerId: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, userId));
      return row?.stripeCustomerId ?? null;
    },
    async findUserByCustomer(customerId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(users)
        .where(eq(users.stripeCustomerId, customerId))
        .limit(1);
      return row ?? null;
    },
    async eventSeen(id: string, tx: Executor = db) {
      const [row] = await tx
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(eq(stripeEvents.id, id));
      return Boolean(row);
    },
    /** False when the event was already recorded (a concurrent delivery of the same event). */
    async recordEvent(id: string, type: string, tx: Executor = db) {
      const rows = await tx
        .insert(stripeEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return rows.length > 0;
    },
    async upsertInvoice(values: NewInvoice, tx: Executor = db) {
      await tx
        .insert(invoices)
        .values(values)
        .onConflictDoUpdate({
          target: invoices.stripeInvoiceId,
          set: takeExcluded(invoices, [
            'amountCents',
            'currency',
            'status',
            'description',
            'hostedUrl',
          ]),
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
