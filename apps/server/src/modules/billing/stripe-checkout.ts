import { createHash } from 'node:crypto';
import { MSG } from '@cityforge/shared';
import type { PlanRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { fullName } from '../users/index.ts';
import type { BillingRepo } from './billing.repo.ts';
import type { PaidCheckout } from './billing.service.ts';
import { viaStripe, type Stripe } from './stripe-client.ts';
import type { PriceProvisioner } from './stripe-prices.ts';

type Deps = {
  stripe: Stripe;
  billingRepo: BillingRepo;
  prices: PriceProvisioner;
  logger: Logger;
  now?: () => number;
};

/**
 * A double click (or a retried request) inside one minute reuses the Checkout Session Stripe
 * already made for that user and plan, instead of leaving two open sessions behind.
 */
const CHECKOUT_BUCKET_MS = 60_000;

const originKey = (base: string) => createHash('sha256').update(base).digest('hex').slice(0, 12);

/** Stripe Checkout and the Billing Portal behind the billing service's PaidCheckout seam. */
export function createStripeCheckout(deps: Deps): PaidCheckout {
  const { stripe, billingRepo } = deps;
  const now = deps.now ?? Date.now;

  /**
   * One Stripe customer per user. Concurrent first checkouts send the same idempotency key,
   * so Stripe answers both with one customer, and the conditional write keeps the first.
   */
  async function customerOf(user: UserRow): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await stripe.customers.create(
      {
        email: user.email,
        name: fullName(user) || undefined,
        metadata: { userId: user.id },
      },
      { idempotencyKey: `cityforge-customer-${user.id}` },
    );
    return (await billingRepo.setCustomerIdIfMissing(user.id, customer.id)) ?? customer.id;
  }

  async function start(user: UserRow, plan: PlanRow, base: string) {
    const price = await deps.prices.priceFor(plan);
    const customer = await customerOf(user);
    const bucket = Math.floor(now() / CHECKOUT_BUCKET_MS);
    const metadata = { userId: user.id, planId: plan.id };
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer,
        client_reference_id: user.id,
        line_items: [{ price, quantity: 1 }],
        metadata,
        subscription_data: { metadata },
        // Stripe fills in the session id; the page then polls /auth/me/ for the webhook.
        success_url: `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${base}/plans`,
      },
      // The return origin is part of the request: Stripe refuses a key reused with other
      // parameters, so the same click from another of the app's origins needs its own key.
      {
        idempotencyKey: `cityforge-checkout-${user.id}-${plan.id}-${price}-${bucket}-${originKey(base)}`,
      },
    );
    if (!session.url) throw new AppError('bad_gateway', MSG.paymentProviderFailed);
    return { url: session.url };
  }

  return {
    start: (user, plan, base) => viaStripe(deps.logger, 'checkout', () => start(user, plan, base)),
    portal: (user, base) =>
      viaStripe(deps.logger, 'billing portal', async () => {
        if (!user.stripeCustomerId) throw new AppError('bad_request', MSG.noSubscriptionToManage);
        const session = await stripe.billingPortal.sessions.create({
          customer: user.stripeCustomerId,
          return_url: `${base}/plans`,
        });
        return { url: session.url };
      }),
  };
}
