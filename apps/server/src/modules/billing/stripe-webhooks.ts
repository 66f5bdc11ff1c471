import { MSG } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { UsersRepo } from '../users/index.ts';
import type { BillingRepo } from './billing.repo.ts';
import { idOf, viaStripe, type Stripe } from './stripe-client.ts';
import {
  invoiceValues,
  isStaleFor,
  priceIdOf,
  priceIdOfInvoice,
  subscriptionIdOfInvoice,
  subscriptionValues,
} from './stripe-sync.ts';

type Deps = {
  db: Db;
  stripe: Stripe | null;
  webhookSecret: string | undefined;
  billingRepo: BillingRepo;
  usersRepo: UsersRepo;
  logger: Logger;
};

/** The local writes an event leads to, applied in the transaction that records the event. */
type Effect = (tx: Executor) => Promise<void>;

const isMissing = (error: unknown) =>
  error instanceof Error && (error as { statusCode?: number }).statusCode === 404;

/**
 * POST /api/stripe/webhook/: verifies the signature on the raw body, ignores an event id seen
 * before, and never trusts the event's snapshot: it re-reads the subscription (and invoice)
 * from Stripe, so events that arrive late, twice or in any order leave the local copy equal
 * to Stripe's current state. The event id is recorded in the same transaction as its writes.
 */
export function createStripeWebhooks(deps: Deps) {
  const { billingRepo, usersRepo, logger } = deps;

  /** By Stripe customer first; the user id we put in metadata covers a customer not yet linked. */
  async function userFor(customerId: string | null, userIdHint: string | null | undefined) {
    if (customerId) {
      const found = await billingRepo.findUserByCustomer(customerId);
      if (found) return found;
    }
    const user = userIdHint ? await usersRepo.findById(userIdHint) : null;
    if (user && customerId && !user.stripeCustomerId)
      await billingRepo.setCustomerIdIfMissing(user.id, customerId);
    return user;
  }

  /** The plan a price sells; the checkout's metadata covers a price changed by an operator. */
  async function planFor(priceId: string | null, planIdHint: string | null | undefined) {
    const byPrice = priceId ? await billingRepo.findPlanByPrice(priceId) : null;
    return byPrice ?? (planIdHint ? await billingRepo.findPlan(planIdHint) : null);
  }

  async function subscriptionEffect(
    stripe: Stripe,
    subscriptionId: string,
    hint: { userId?: string | null; user?: UserRow },
  ): Promise<Effect | null> {
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const user =
      hint.user ?? (await userFor(idOf(sub.customer), sub.metadata?.userId ?? hint.userId));
    const plan = await planFor(priceIdOf(sub), sub.metadata?.planId);
    if (!user || !plan) {
      logger.warn(
        { subscriptionId, user: user?.id, plan: plan?.id },
        'stripe subscription unmatched',
      );
      return null;
    }
    return async (tx) => {
      const local = await billingRepo.findSubscription(user.id, tx);
      if (isStaleFor(local, sub)) return;
      await billingRepo.upsertSubscription(subscriptionValues(sub, user.id, plan.id), tx);
    };
  }

  async function invoiceEffect(stripe: Stripe, invoiceId: string): Promise<Effect | null> {
    const invoice = await stripe.invoices.retrieve(invoiceId);
    const metadata = invoice.parent?.subscription_details?.metadata;
    const user = await userFor(idOf(invoice.customer), metadata?.userId);
    if (!user || !invoice.id) {
      logger.warn({ invoiceId }, 'stripe invoice unmatched');
      return null;
    }
    const plan = await planFor(priceIdOfInvoice(invoice), metadata?.planId);
    const subscriptionId = subscriptionIdOfInvoice(invoice);
    const sync = subscriptionId ? await subscriptionEffect(stripe, subscriptionId, { user }) : null;
    return async (tx) => {
      await billingRepo.upsertInvoice(invoiceValues(invoice, user.id, plan), tx);
      await sync?.(tx);
    };
  }

  async function effectOf(stripe: Stripe, event: Stripe.Event): Promise<Effect | null> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const subscriptionId = idOf(session.subscription);
        if (session.mode !== 'subscription' || !subscriptionId) return null;
        const userId = session.client_reference_id ?? session.metadata?.userId;
        const user = await userFor(idOf(session.customer), userId);
        return subscriptionEffect(stripe, subscriptionId, { userId, ...(user ? { user } : {}) });
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return subscriptionEffect(stripe, event.data.object.id, {});
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const id = event.data.object.id;
        return id ? invoiceEffect(stripe, id) : null;
      }
      default:
        return null;
    }
  }

  return {
    async receive(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
      const { stripe, webhookSecret } = deps;
      if (!stripe || !webhookSecret)
        throw new AppError('not_configured', MSG.webhooksNotConfigured);
      if (!signature) throw new AppError('bad_request', MSG.stripeSignatureMissing);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw new AppError('bad_request', MSG.stripeSignatureInvalid);
      }
      // Cheap early answer for a replay; the insert below settles a concurrent duplicate.
      if (await billingRepo.eventSeen(event.id)) return { received: true };
      const effect = await viaStripe(logger, `webhook ${event.type}`, () =>
        effectOf(stripe, event).catch((error: unknown) => {
          // An object Stripe no longer has will not come back: acknowledge, do not retry.
          if (!isMissing(error)) throw error;
          logger.warn({ err: error, event: event.id }, 'stripe object of event is gone');
          return null;
        }),
      );
      await deps.db.transaction(async (tx) => {
        if (!(await billingRepo.recordEvent(event.id, event.type, tx))) return;
        await effect?.(tx);
      });
      return { received: true };
    },
  };
}
export type StripeWebhooks = ReturnType<typeof createStripeWebhooks>;
