import { INVOICES_PAGE_SIZE, MSG, type TInvoice, type TPlan } from '@cityforge/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import type { PlanRow, UserRow } from '../../db/schema/index.ts';
import type { BillingRepo } from './billing.repo.ts';

/** A paid-plan checkout provider (Stripe); absent when payments are not configured. */
export type PaidCheckout = { start(user: UserRow, plan: PlanRow): Promise<{ url: string }> };

type Deps = { billingRepo: BillingRepo; appUrl: string; paidCheckout?: PaidCheckout };

export function createBillingService(deps: Deps) {
  const { billingRepo, appUrl } = deps;
  // A paid plan is sold only with a checkout provider and a price on the plan; otherwise it
  // is shown but not purchasable, and Free keeps working.
  const canSell = (plan: PlanRow) =>
    plan.priceCents === 0 || (Boolean(deps.paidCheckout) && Boolean(plan.stripePriceId));

  const toPlan = (row: PlanRow): TPlan => ({
    id: row.id,
    name: row.name,
    price: row.priceCents / 100,
    interval: row.interval,
    description: row.description,
    isPopular: row.isPopular,
    stripePriceId: row.stripePriceId,
    features: row.features,
    limits: { projects: row.limitProjects, cityPagesPerMonth: row.limitCityPagesPerMonth },
    purchasable: canSell(row),
  });

  return {
    async listPlans(): Promise<TPlan[]> {
      return (await billingRepo.listPlans()).map(toPlan);
    },

    async checkout(user: UserRow, planId: string): Promise<{ url: string }> {
      const plan = await billingRepo.findPlan(planId);
      if (!plan) throw notFound('Plan not found.');
      if (!canSell(plan)) throw new AppError('not_configured', MSG.paymentsNotConfigured);
      if (plan.priceCents > 0 && deps.paidCheckout) return deps.paidCheckout.start(user, plan);
      const current = await billingRepo.findSubscription(user.id);
      if (current?.stripeSubscriptionId && current.status !== 'canceled') {
        throw new AppError(
          'conflict',
          'You have a paid subscription. Use Manage Subscription to change or cancel it.',
        );
      }
      await billingRepo.upsertSubscription({
        userId: user.id,
        planId: plan.id,
        status: 'active',
        stripeSubscriptionId: null,
        startedAt: new Date(),
        currentPeriodEnd: null,
      });
      return { url: `${appUrl}/payment-success?plan=${encodeURIComponent(plan.id)}` };
    },

    async manageSubscription(user: UserRow): Promise<{ url: string }> {
      const current = await billingRepo.findSubscription(user.id);
      if (!current?.stripeSubscriptionId || !user.stripeCustomerId) {
        throw new AppError('bad_request', MSG.noSubscriptionToManage);
      }
      throw new AppError('not_configured', MSG.paymentsNotConfigured);
    },

    async invoices(user: UserRow, page: number): Promise<{ count: number; results: TInvoice[] }> {
      const { count, rows } = await billingRepo.listInvoices(user.id, page, INVOICES_PAGE_SIZE);
      return {
        count,
        results: rows.map((r) => ({
          id: r.id,
          date: r.createdAt.toISOString(),
          description: r.description,
          amount: r.amountCents / 100,
          status: r.status,
          link: r.hostedUrl,
        })),
      };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
