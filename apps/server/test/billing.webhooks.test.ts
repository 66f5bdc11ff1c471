import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@cityforge/shared';
import { stripeEvents, subscriptions } from '../src/db/schema/index.ts';
import { startFakeStripe, type FakeStripe } from '@cityforge/fakes/stripe';
import type { TestApp } from './helpers/app.ts';
import {
  createStripeTestApp,
  deliverAll,
  invoicesOf,
  me,
  paidCheckout,
  sendEvent,
} from './helpers/billing.ts';
import { signedInUser } from './helpers/factories.ts';

// On PostgreSQL the test files share the plans table (and so its Stripe price ids):
// this file sells Enterprise only; billing.checkout sells Basic and Pro.
const PLAN = 'enterprise';

let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createStripeTestApp(fake);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const subscriptionRow = async (userId: string) =>
  (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

describe('Stripe webhooks', () => {
  it('a completed checkout subscribes the user to the paid plan and lists the invoice', async () => {
    const u = await signedInUser(t);
    expect((await me(t, u.headers)).isSubscribed).toBe(false);
    const { subscriptionId, events } = await paidCheckout(t, fake, u.headers, PLAN);
    expect(events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    await deliverAll(t, fake, events);

    const user = await me(t, u.headers);
    expect(user.isSubscribed).toBe(true);
    expect(user.subscription).toMatchObject({
      plan: { id: 'enterprise', name: 'Enterprise' },
      status: 'active',
    });
    const sub = fake.subscriptions.get(subscriptionId)!;
    const row = await subscriptionRow(u.user.id);
    expect(row).toMatchObject({ planId: PLAN, status: 'active', stripeSubscriptionId: sub.id });
    expect(row!.currentPeriodEnd?.getTime()).toBe(sub.items.data[0].current_period_end * 1000);

    const invoice = fake.invoices.get(sub.latest_invoice)!;
    const history = await invoicesOf(t, u.headers);
    expect(history.count).toBe(1);
    expect(history.results[0]).toMatchObject({
      description: 'Enterprise plan (monthly)',
      amount: 249,
      status: 'paid',
      link: invoice.hosted_invoice_url,
    });
  });

  it('answers a replayed event 200 and changes nothing', async () => {
    const u = await signedInUser(t);
    const { subscriptionId, events } = await paidCheckout(t, fake, u.headers, PLAN);
    await deliverAll(t, fake, events);
    const before = await subscriptionRow(u.user.id);
    // Stripe's side moves on, but a replay of the old "created" event must not re-apply it.
    fake.setSubscriptionStatus(subscriptionId, 'unpaid');
    const reads = fake.requests.length;
    await deliverAll(t, fake, events);
    expect(fake.requests.length).toBe(reads);
    expect(await subscriptionRow(u.user.id)).toEqual(before);
    expect((await invoicesOf(t, u.headers)).count).toBe(1);
    const recorded = await t.ctx.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, events[0]!.id));
    expect(recorded).toHaveLength(1);
  });

  it('cancellation unsubscribes; the user can then choose Free', async () => {
    const u = await signedInUser(t);
    const { subscriptionId, events } = await paidCheckout(t, fake, u.headers, PLAN);
    await deliverAll(t, fake, events);
    await deliverAll(t, fake, fake.cancelSubscription(subscriptionId));
    const user = await me(t, u.headers);
    expect(user.isSubscribed).toBe(false);
    expect(user.subscription).toMatchObject({ plan: { id: PLAN }, status: 'canceled' });

    const free = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/free/',
      headers: u.headers,
    });
    expect(free.statusCode).toBe(200);
    // A late copy of the old subscription's news does not take Free away.
    await deliverAll(t, fake, [events[1]!]);
    expect(await me(t, u.headers)).toMatchObject({
      isSubscribed: true,
      subscription: { plan: { id: 'free' }, status: 'active' },
    });
  });

  it('the same events in reverse order end in the right state', async () => {
    const u = await signedInUser(t);
    const { subscriptionId, events } = await paidCheckout(t, fake, u.headers, PLAN);
    const cancel = fake.cancelSubscription(subscriptionId);
    // Cancellation first, then the sign-up: every event re-reads Stripe, which says canceled.
    const reversed = [...events, ...cancel].reverse();
    expect(reversed[0]!.type).toBe('customer.subscription.deleted');
    await deliverAll(t, fake, reversed);
    expect(await me(t, u.headers)).toMatchObject({
      isSubscribed: false,
      subscription: { plan: { id: 'enterprise' }, status: 'canceled' },
    });
    expect((await invoicesOf(t, u.headers)).results[0]).toMatchObject({ status: 'paid' });

    const v = await signedInUser(t);
    const second = await paidCheckout(t, fake, v.headers, PLAN);
    await deliverAll(t, fake, [...second.events].reverse());
    expect(await me(t, v.headers)).toMatchObject({
      isSubscribed: true,
      subscription: { plan: { id: PLAN }, status: 'active' },
    });
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const u = await signedInUser(t);
    const { events } = await paidCheckout(t, fake, u.headers, PLAN);
    const forged = await sendEvent(t, fake, events[0]!, { secret: 'whsec_not_ours' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: MSG.stripeSignatureInvalid });
    const missing = await sendEvent(t, fake, events[0]!, { header: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: MSG.stripeSignatureMissing });

    // A body changed after signing fails too: the signature covers the raw bytes.
    const { payload, header } = fake.sign(events[0]!);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: JSON.stringify(JSON.parse(payload)),
    });
    expect(tampered.statusCode).toBe(400);

    expect((await me(t, u.headers)).isSubscribed).toBe(false);
    const seen = await t.ctx.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, events[0]!.id));
    expect(seen).toHaveLength(0);
    // The genuine delivery still works afterwards.
    await deliverAll(t, fake, events);
    expect((await me(t, u.headers)).isSubscribed).toBe(true);
  });

  it('a failed renewal lists a failed invoice and keeps access while Stripe retries', async () => {
    const u = await signedInUser(t);
    const { subscriptionId, events } = await paidCheckout(t, fake, u.headers, PLAN);
    await deliverAll(t, fake, events);
    await deliverAll(t, fake, fake.failRenewal(subscriptionId));
    expect(await me(t, u.headers)).toMatchObject({
      isSubscribed: true,
      subscription: { status: 'past_due' },
    });
    const history = await invoicesOf(t, u.headers);
    expect(history.count).toBe(2);
    expect(history.results.map((r) => r.status).sort()).toEqual(['failed', 'paid']);
    expect(history.results.find((r) => r.status === 'failed')).toMatchObject({ amount: 249 });

    // Stripe gives up: unpaid no longer grants access.
    await deliverAll(t, fake, fake.setSubscriptionStatus(subscriptionId, 'unpaid'));
    expect((await me(t, u.headers)).isSubscribed).toBe(false);
  });

  it('acknowledges events it does not act on', async () => {
    const event = {
      ...(await paidCheckout(t, fake, (await signedInUser(t)).headers, PLAN)).events[0]!,
      type: 'customer.updated',
    };
    expect((await sendEvent(t, fake, event)).statusCode).toBe(200);
  });
});
