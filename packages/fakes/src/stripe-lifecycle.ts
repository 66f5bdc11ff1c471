import Stripe from 'stripe';
import { newId, nowSeconds, type StripeObject, type StripeState } from './stripe-state.ts';

export type StripeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  /** previous_attributes appears on *.updated events, as Stripe sends it. */
  data: { object: StripeObject; previous_attributes?: StripeObject };
  livemode: false;
  api_version: string;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
};

/** Events carry a snapshot: later changes to the object must not rewrite an event already built. */
export function makeEvent(
  type: string,
  object: StripeObject,
  previous?: StripeObject,
): StripeEvent {
  return {
    id: newId('evt_', 24),
    object: 'event',
    type,
    created: nowSeconds(),
    data: {
      object: structuredClone(object),
      ...(previous ? { previous_attributes: previous } : {}),
    },
    livemode: false,
    api_version: Stripe.API_VERSION,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

/** Calendar arithmetic like Stripe's billing anchor: a month from Jan 31 clamps to Feb's end. */
export function addInterval(
  start: number,
  recurring: { interval: string; interval_count: number },
) {
  const d = new Date(start * 1000);
  const n = recurring.interval_count || 1;
  if (recurring.interval === 'day') d.setUTCDate(d.getUTCDate() + n);
  else if (recurring.interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * n);
  else {
    const months = recurring.interval === 'year' ? 12 * n : n;
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, lastDay));
  }
  return Math.floor(d.getTime() / 1000);
}

type InvoiceInput = {
  subscription: StripeObject;
  paid: boolean;
  reason: 'subscription_create' | 'subscription_cycle';
};

/**
 * One-line subscription invoice. `subscription` sits on the root (pre-2025 API versions) and under
 * parent.subscription_details (2025-03-31.basil and later), so either reading of it works.
 */
export function createInvoice(state: StripeState, input: InvoiceInput): StripeObject {
  const sub = input.subscription;
  const item = sub.items.data[0];
  const price = item.price;
  const amount = price.unit_amount * (item.quantity ?? 1);
  const product = state.products.get(price.product);
  const customer = state.customers.get(sub.customer);
  const count = [...state.invoices.values()].filter((i) => i.customer === sub.customer).length;
  const id = newId('in_', 24);
  const now = nowSeconds();
  const description = `${item.quantity ?? 1} × ${product?.name ?? 'Subscription'} (at ${(
    price.unit_amount / 100
  ).toFixed(2)} ${price.currency.toUpperCase()} / ${price.recurring.interval})`;
  const invoice = {
    id,
    object: 'invoice',
    amount_due: amount,
    amount_paid: input.paid ? amount : 0,
    amount_remaining: input.paid ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: price.currency,
    customer: sub.customer,
    customer_email: customer?.email ?? null,
    description: null,
    hosted_invoice_url: `${state.baseUrl}/invoice/${id}`,
    invoice_pdf: `${state.baseUrl}/invoice/${id}/pdf`,
    lines: {
      object: 'list',
      data: [
        {
          id: newId('il_', 24),
          object: 'line_item',
          amount,
          currency: price.currency,
          description,
          period: { start: item.current_period_start, end: item.current_period_end },
          pricing: {
            type: 'price_details',
            price_details: { price: price.id, product: price.product },
          },
          quantity: item.quantity ?? 1,
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: input.paid ? null : now + 3 * 24 * 3600,
    number: `${customer?.invoice_prefix ?? 'FAKE'}-${String(count + 1).padStart(4, '0')}`,
    paid: input.paid,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
    },
    period_end: item.current_period_start,
    period_start: item.current_period_start,
    status: input.paid ? 'paid' : 'open',
    status_transitions: { finalized_at: now, paid_at: input.paid ? now : null },
    subscription: sub.id,
    total: amount,
  };
  state.invoices.set(id, invoice);
  return invoice;
}
