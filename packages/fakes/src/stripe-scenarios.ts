import { formBool, type FormObject } from './stripe-form.ts';
import { addInterval, createInvoice, makeEvent, type StripeEvent } from './stripe-lifecycle.ts';
import {
  mergeMetadata,
  newId,
  nowSeconds,
  type StripeObject,
  type StripeState,
} from './stripe-state.ts';

/**
 * What happens on Stripe's side when a customer acts (pays, cancels, a card fails). Each step
 * changes the stored objects and returns the events Stripe would send, without sending them:
 * tests choose when and in which order to deliver, which is how out-of-order delivery is tested.
 */

const subscriptionOf = (state: StripeState, id: string) =>
  state.need(state.subscriptions, 'subscription', id);

/** Current period on the items (2025-03-31.basil and later) and on the root (older versions). */
function setPeriod(sub: StripeObject, start: number, end: number) {
  sub.current_period_start = start;
  sub.current_period_end = end;
  for (const item of sub.items.data) {
    item.current_period_start = start;
    item.current_period_end = end;
  }
}

export function completeCheckout(state: StripeState, sessionId: string): StripeEvent[] {
  const session = state.need(state.checkoutSessions, 'checkout.session', sessionId);
  if (session.status !== 'open')
    throw new Error(`checkout session ${sessionId} is ${session.status}, not open`);
  const extras = state.sessionExtras.get(sessionId);
  if (!extras) throw new Error(`checkout session ${sessionId} has no line items`);
  const price = state.need(state.prices, 'price', extras.priceId);

  // In subscription mode Stripe creates a customer when the session did not name one.
  const email = session.customer_email ?? 'buyer@example.test';
  const customer = session.customer
    ? state.need(state.customers, 'customer', session.customer)
    : state.createCustomer({ email });

  const now = nowSeconds();
  const end = addInterval(now, price.recurring);
  const subId = newId('sub_', 24);
  const sub: StripeObject = {
    id: subId,
    object: 'subscription',
    billing_cycle_anchor: now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    collection_method: 'charge_automatically',
    created: now,
    currency: price.currency,
    customer: customer.id,
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si_', 14),
          object: 'subscription_item',
          created: now,
          metadata: {},
          price: structuredClone(price),
          quantity: extras.quantity,
          subscription: subId,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${subId}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: { ...extras.subMetadata },
    start_date: now,
    status: 'active',
  };
  setPeriod(sub, now, end);
  state.subscriptions.set(subId, sub);
  const invoice = createInvoice(state, {
    subscription: sub,
    paid: true,
    reason: 'subscription_create',
  });
  sub.latest_invoice = invoice.id;

  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    customer: customer.id,
    customer_details: { email: customer.email, name: customer.name },
    subscription: subId,
    invoice: invoice.id,
  });
  return [
    makeEvent('checkout.session.completed', session),
    makeEvent('customer.subscription.created', sub),
    makeEvent('invoice.paid', invoice),
  ];
}

export function cancelSubscription(state: StripeState, id: string): StripeEvent[] {
  const sub = subscriptionOf(state, id);
  const now = nowSeconds();
  Object.assign(sub, {
    status: 'canceled',
    canceled_at: now,
    ended_at: now,
    cancel_at_period_end: false,
  });
  return [makeEvent('customer.subscription.deleted', sub)];
}

export function setSubscriptionStatus(
  state: StripeState,
  id: string,
  status: string,
): StripeEvent[] {
  const sub = subscriptionOf(state, id);
  const previous = { status: sub.status };
  sub.status = status;
  return [makeEvent('customer.subscription.updated', sub, previous)];
}

/**
 * A renewal whose charge fails: the period rolls over (Stripe advances it when it bills), the
 * new invoice stays open, and the subscription goes past_due.
 */
export function failRenewal(state: StripeState, id: string): StripeEvent[] {
  const sub = subscriptionOf(state, id);
  const item = sub.items.data[0];
  const previous = {
    status: sub.status,
    current_period_start: sub.current_period_start,
    current_period_end: sub.current_period_end,
    latest_invoice: sub.latest_invoice,
  };
  const start = sub.current_period_end;
  setPeriod(sub, start, addInterval(start, item.price.recurring));
  const invoice = createInvoice(state, {
    subscription: sub,
    paid: false,
    reason: 'subscription_cycle',
  });
  sub.latest_invoice = invoice.id;
  sub.status = 'past_due';
  return [
    makeEvent('invoice.payment_failed', invoice),
    makeEvent('customer.subscription.updated', sub, previous),
  ];
}

/** POST /v1/subscriptions/:id — cancel_at_period_end and metadata, what a portal-less product uses. */
export function updateSubscription(state: StripeState, id: string, body: FormObject): StripeObject {
  const sub = subscriptionOf(state, id);
  const atEnd = formBool(body.cancel_at_period_end);
  if (atEnd !== undefined) {
    sub.cancel_at_period_end = atEnd;
    sub.cancel_at = atEnd ? sub.current_period_end : null;
    sub.canceled_at = atEnd ? nowSeconds() : null;
  }
  sub.metadata = mergeMetadata(sub.metadata, body.metadata);
  return sub;
}
