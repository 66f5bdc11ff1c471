import type { PlanRow, SubscriptionRow } from '../../db/schema/index.ts';
import { isSubscribed } from '../users/index.ts';
import type { NewInvoice } from './billing.repo.ts';
import { idOf, type Stripe } from './stripe-client.ts';

/**
 * Pure mappings from Stripe objects (API 2025-03-31 and later, as the pinned SDK reads them)
 * to local rows. Webhook handling re-reads the objects first, so these always see the truth.
 */

const fromSeconds = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);

/** Since 2025-03-31 billing periods live on the items; all items of a plan share one. */
export function periodEndOf(sub: Stripe.Subscription): Date | null {
  const ends = sub.items.data.map((i) => i.current_period_end).filter(Boolean);
  return ends.length ? fromSeconds(Math.max(...ends)) : null;
}

export const priceIdOf = (sub: Stripe.Subscription) => sub.items.data[0]?.price.id ?? null;

export function subscriptionValues(sub: Stripe.Subscription, userId: string, planId: string) {
  return {
    userId,
    planId,
    status: sub.status,
    stripeSubscriptionId: sub.id,
    startedAt: fromSeconds(sub.start_date) ?? new Date(),
    currentPeriodEnd: periodEndOf(sub),
  };
}

/**
 * Events may arrive late and out of order, so the truth re-read from Stripe wins, except in
 * one case: news about a subscription other than the one on file must not take access away
 * (a late "deleted" for the plan the user left, after they subscribed again or chose Free).
 */
export function isStaleFor(local: SubscriptionRow | null, sub: Stripe.Subscription): boolean {
  if (!local || local.stripeSubscriptionId === sub.id) return false;
  return isSubscribed(local) && !isSubscribed(sub);
}

/** The subscription an invoice bills: under parent since 2025-03-31, on the root before. */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const details = invoice.parent?.subscription_details;
  if (details?.subscription) return idOf(details.subscription);
  const legacy = (invoice as { subscription?: string | { id: string } | null }).subscription;
  return idOf(legacy);
}

export function priceIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const price = invoice.lines?.data[0]?.pricing?.price_details?.price;
  return idOf(price);
}

/**
 * The billing history shows 'paid' as success (spec). An open invoice whose payment was
 * attempted and refused reads 'failed', which tells the user more than Stripe's 'open';
 * Stripe keeps retrying it, and a later success turns the same row to 'paid'.
 */
export function invoiceStatusOf(invoice: Stripe.Invoice): string {
  if (invoice.status === 'paid') return 'paid';
  if (invoice.status === 'open' && invoice.attempted) return 'failed';
  return invoice.status ?? 'draft';
}

const INTERVAL_WORD: Record<string, string> = { month: 'monthly', year: 'yearly' };

export function invoiceValues(
  invoice: Stripe.Invoice,
  userId: string,
  plan: PlanRow | null,
): NewInvoice {
  const paid = invoice.status === 'paid';
  const line = invoice.lines?.data[0]?.description;
  const description = plan
    ? `${plan.name} plan (${INTERVAL_WORD[plan.interval] ?? plan.interval})`
    : (line ?? invoice.description ?? 'Subscription');
  return {
    userId,
    stripeInvoiceId: invoice.id,
    amountCents: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status: invoiceStatusOf(invoice),
    description,
    hostedUrl: invoice.hosted_invoice_url ?? null,
    createdAt: fromSeconds(invoice.created) ?? new Date(),
  };
}
