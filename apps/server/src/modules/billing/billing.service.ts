import { INVOICES_PAGE_SIZE, MSG, type TInvoice, type TPlan } from '@cityforge/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import type { PlanRow, SubscriptionRow, UserRow } from '../../db/schema/index.ts';
import { returnBase } from '../../lib/return-url.ts';
import type { BillingRepo } from './billing.repo.ts';

/**
 * A paid-plan checkout provider (Stripe); absent when payments are not configured. `base` is
 * where the browser comes back to (the app's origin it left from, see lib/return-url.ts).
 */
export type PaidCheckout = {
  start(user: UserRow, plan: PlanRow, base: string): Promise<{ url: string }>;
  /** The provider's self-service page: change plan, card, cancel, invoices. */
  portal(user: UserRow, base: string): Promise<{ url: string }>;
};

type Deps = { billingRepo: BillingRepo; appUrl: string; paidCheckout?: PaidCheckout };

/**
 * A Stripe subscription that still exists and bills (whether or not it grants access now):
 * a second checkout next to it would charge the user twice.
 */
const LIVE = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused', 'incomplete']);
export const hasLivePaidSubscription = (sub: SubscriptionRow | null) =>
  Boolean(sub?.stripeSubscriptionId && LIVE.has(sub.status));

export function createBillingService(deps: Deps) {
  const { billingRepo, appUrl } = deps;
  // Paid plans are sold whenever a checkout provider is configured: their Stripe price is
  // provisioned at the first checkout (stripe-prices.ts). Without one they are shown but
  // not purchasable, and Free keeps working.
  const canSell = (plan: PlanRow) => plan.priceCents === 0 || Boolean(deps.paidCheckout);

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

    /** `origin`: what the request says it came from; only the app's own origins are used. */
    async checkout(user: UserRow, planId: string, origin?: string): Promise<{ url: string }> {
      const base = returnBase(appUrl, origin);
      const plan = await billingRepo.findPlan(planId);
      if (!plan) throw notFound('Plan not found.');
      if (!canSell(plan)) throw new AppError('not_configured', MSG.paymentsNotConfigured);
      const current = await billingRepo.findSubscription(user.id);
      if (plan.priceCents > 0 && deps.paidCheckout) {
        // Changing a running paid plan happens in the portal (Stripe prorates it there).
        if (hasLivePaidSubscription(current)) return deps.paidCheckout.portal(user, base);
        return deps.paidCheckout.start(user, plan, base);
      }
      if (hasLivePaidSubscription(current)) {
        throw new AppError('conflict', MSG.paidSubscriptionActive);
      }
      await billingRepo.upsertSubscription({
        userId: user.id,
        planId: plan.id,
        status: 'active',
        stripeSubscriptionId: null,
        startedAt: new Date(),
        currentPeriodEnd: null,
      });
      return { url: `${base}/payment-success?plan=${encodeURIComponent(plan.id)}` };
    },

    async manageSubscription(user: UserRow, origin?: string): Promise<{ url: string }> {
      const current = await billingRepo.findSubscription(user.id);
      if (!current?.stripeSubscriptionId || !user.stripeCustomerId) {
        throw new AppError('bad_request', MSG.noSubscriptionToManage);
      }
      if (!deps.paidCheckout) throw new AppError('not_configured', MSG.paymentsNotConfigured);
      return deps.paidCheckout.portal(user, returnBase(appUrl, origin));
    },

    async invoices(userId: string, page: number): Promise<{ count: number; results: TInvoice[] }> {
      const { count, rows } = await billingRepo.listInvoices(userId, page, INVOICES_PAGE_SIZE);
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
