import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { MSG } from '@cityforge/shared';
import { plans, users } from '../src/db/schema/index.ts';
import { startFakeStripe, type FakeStripe } from '@cityforge/fakes/stripe';
import type { TestApp } from './helpers/app.ts';
import { createStripeTestApp, deliverAll, paidCheckout, startCheckout } from './helpers/billing.ts';
import { signedInUser } from './helpers/factories.ts';

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
// On PostgreSQL every test file shares the plans table: this file sells Basic and Pro only,
// billing.webhooks sells Enterprise, so neither resets a price the other is using.
const OURS = ['basic', 'pro'];
beforeEach(async () => {
  // Each test provisions prices from scratch unless it says otherwise.
  fake.reset();
  await t.ctx.db.update(plans).set({ stripePriceId: null }).where(inArray(plans.id, OURS));
});

const post = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, headers });
const calls = (path: string, method = 'POST') =>
  fake.requests.filter((r) => r.path === path && r.method === method);

describe('Stripe checkout', () => {
  it('shows paid plans as purchasable once Stripe is configured', async () => {
    const u = await signedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/plans/', headers: u.headers });
    expect(res.json().results.every((p: { purchasable: boolean }) => p.purchasable)).toBe(true);
  });

  it('creates a subscription session for the plan price, the user and the success page', async () => {
    const u = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const { url, session } = await startCheckout(t, fake, u.headers, 'basic');
    expect(url).toBe(session.url);

    // The price was provisioned under its lookup key and stored on the plan.
    const [price] = [...fake.prices.values()];
    expect(price).toMatchObject({
      lookup_key: 'cityforge_basic_month',
      unit_amount: 2900,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    expect(fake.products.get(price!.product)?.name).toBe('CityForge Basic');
    const [plan] = await t.ctx.db.select().from(plans).where(eq(plans.id, 'basic'));
    expect(plan!.stripePriceId).toBe(price!.id);

    const [created] = calls('/v1/checkout/sessions');
    expect(created!.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: u.user.id,
      line_items: [{ price: price!.id, quantity: '1' }],
      metadata: { userId: u.user.id, planId: 'basic' },
      subscription_data: { metadata: { userId: u.user.id, planId: 'basic' } },
      success_url: 'http://cityforge.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://cityforge.test/plans',
    });
    expect(created!.idempotencyKey).toContain(u.user.id);

    const customer = fake.customers.get(session.customer);
    expect(customer).toMatchObject({
      email: u.email,
      name: 'Ada Lovelace',
      metadata: { userId: u.user.id },
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row!.stripeCustomerId).toBe(customer!.id);
  });

  it('creates the customer once per user and one session for a double click', async () => {
    const u = await signedInUser(t);
    const [a, b] = await Promise.all([
      startCheckout(t, fake, u.headers, 'pro'),
      startCheckout(t, fake, u.headers, 'pro'),
    ]);
    expect(a.sessionId).toBe(b.sessionId);
    expect(fake.customers.size).toBe(1);
    expect(fake.checkoutSessions.size).toBe(1);
    const other = await startCheckout(t, fake, u.headers, 'basic');
    expect(other.session.customer).toBe(a.session.customer);
    expect(fake.customers.size).toBe(1);
    expect(calls('/v1/checkout/sessions').every((r) => r.idempotencyKey)).toBe(true);
  });

  it('reuses the price found by lookup key and keeps a price set by an operator', async () => {
    const u = await signedInUser(t);
    await startCheckout(t, fake, u.headers, 'pro');
    const provisioned = [...fake.prices.values()][0]!.id;
    // A fresh database (or another server) finds the same price instead of making a second.
    await t.ctx.db.update(plans).set({ stripePriceId: null }).where(eq(plans.id, 'pro'));
    await startCheckout(t, fake, (await signedInUser(t)).headers, 'pro');
    expect(fake.prices.size).toBe(1);
    const [pro] = await t.ctx.db.select().from(plans).where(eq(plans.id, 'pro'));
    expect(pro!.stripePriceId).toBe(provisioned);

    const product = [...fake.products.values()][0]!.id;
    const operatorPrice = await fetch(`${fake.url}/v1/prices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}` },
      body: new URLSearchParams({
        product,
        currency: 'usd',
        unit_amount: '19900',
        'recurring[interval]': 'year',
      }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    await t.ctx.db
      .update(plans)
      .set({ stripePriceId: operatorPrice.id })
      .where(eq(plans.id, 'basic'));
    const lookups = calls('/v1/prices', 'GET').length;
    await startCheckout(t, fake, u.headers, 'basic');
    expect(calls('/v1/checkout/sessions').at(-1)!.body).toMatchObject({
      line_items: [{ price: operatorPrice.id }],
    });
    // No lookup and no new price: the operator's price is used as it is.
    expect(calls('/v1/prices', 'GET')).toHaveLength(lookups);
    expect(fake.prices.size).toBe(2);
    const [basic] = await t.ctx.db.select().from(plans).where(eq(plans.id, 'basic'));
    expect(basic!.stripePriceId).toBe(operatorPrice.id);
  });

  it('sends a subscriber to the portal instead of a second subscription, and keeps Free apart', async () => {
    const u = await signedInUser(t);
    const { events } = await paidCheckout(t, fake, u.headers, 'basic');
    await deliverAll(t, fake, events);
    const sessionsBefore = fake.checkoutSessions.size;

    const upgrade = await post('/api/checkout/pro/', u.headers);
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    const [portal] = [...fake.portalSessions.values()];
    expect(upgrade.json()).toEqual({ url: portal!.url });
    expect(fake.checkoutSessions.size).toBe(sessionsBefore);

    const free = await post('/api/checkout/free/', u.headers);
    expect(free.statusCode).toBe(409);
    expect(free.json()).toEqual({ message: MSG.paidSubscriptionActive });
  });

  it('opens the billing portal for the customer, back to /plans', async () => {
    const u = await signedInUser(t);
    const before = await post('/api/manage/subscription/', u.headers);
    expect(before.statusCode).toBe(400);
    expect(before.json()).toEqual({ message: MSG.noSubscriptionToManage });

    const { events } = await paidCheckout(t, fake, u.headers, 'pro');
    await deliverAll(t, fake, events);
    const res = await post('/api/manage/subscription/', u.headers);
    expect(res.statusCode, res.body).toBe(200);
    const [portal] = [...fake.portalSessions.values()];
    expect(res.json()).toEqual({ url: portal!.url });
    const customer = fake.checkoutSessions.values().next().value!.customer;
    expect(portal).toMatchObject({ customer, return_url: 'http://cityforge.test/plans' });
  });

  it('answers a plain 502 when Stripe refuses, and still subscribes to Free', async () => {
    const u = await signedInUser(t);
    // A plan price that Stripe does not know (deleted in the dashboard, say).
    await t.ctx.db.update(plans).set({ stripePriceId: 'price_gone' }).where(eq(plans.id, 'basic'));
    const res = await post('/api/checkout/basic/', u.headers);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: MSG.paymentProviderFailed });
    const free = await post('/api/checkout/free/', u.headers);
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ url: 'http://cityforge.test/payment-success?plan=free' });
  });
});
