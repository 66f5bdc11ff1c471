import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '@cityforge/fakes/stripe';

// Everything goes through the official SDK the product uses, so these tests pin the contract
// between that client and the fake (encoding, errors, idempotency), not the fake on its own.
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

// Built the way the product builds its client from STRIPE_API_URL.
const client = (key = fake.secretKey) => {
  const { hostname: host, port } = new URL(fake.url);
  return new Stripe(key, { host, port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
};

async function proPrice(stripe: Stripe) {
  const product = await stripe.products.create({ name: 'CityForge Pro' });
  return stripe.prices.create({
    product: product.id,
    unit_amount: 1900,
    currency: 'usd',
    recurring: { interval: 'month' },
    lookup_key: 'pro_monthly',
    nickname: 'Pro monthly',
  });
}

const sessionParams = (price: string, customer?: string) => ({
  mode: 'subscription' as const,
  customer,
  line_items: [{ price, quantity: 1 }],
  client_reference_id: 'u1',
  metadata: { userId: 'u1' },
  subscription_data: { metadata: { userId: 'u1' } },
  allow_promotion_codes: true,
  success_url: 'http://app.test/billing?session={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://app.test/billing',
});

async function openSession(stripe: Stripe, options: Stripe.RequestOptions = {}) {
  const price = await proPrice(stripe);
  const customer = await stripe.customers.create({ email: 'ann@example.test' });
  const session = await stripe.checkout.sessions.create(
    sessionParams(price.id, customer.id),
    options,
  );
  return { price, customer, session };
}

describe('fake Stripe API', () => {
  it('creates customers, products and prices, and lists prices by lookup key', async () => {
    const stripe = client();
    const customer = await stripe.customers.create({ email: 'a@x.test', metadata: { u: '1' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'a@x.test', metadata: { u: '1' } });
    expect(customer.id).toMatch(/^cus_/);
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    const price = await proPrice(stripe);
    expect(price).toMatchObject({ unit_amount: 1900, recurring: { interval: 'month' } });
    const listed = await stripe.prices.list({ lookup_keys: ['pro_monthly'], active: true });
    expect(listed.data.map((p) => p.id)).toEqual([price.id]);
    expect((await stripe.prices.list({ lookup_keys: ['other'] })).data).toEqual([]);
    expect(fake.requests.at(-2)?.query).toEqual({ lookup_keys: ['pro_monthly'], active: 'true' });
  });

  it('decodes bracket-notation checkout bodies and answers a hosted checkout url', async () => {
    const { price, customer, session } = await openSession(client());
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'u1',
      metadata: { userId: 'u1' },
      subscription: null,
      url: `${fake.url}/checkout/${session.id}`,
    });
    const body = fake.requests.find((r) => r.path === '/v1/checkout/sessions')?.body;
    expect(body).toMatchObject({
      line_items: [{ price: price.id, quantity: '1' }],
      subscription_data: { metadata: { userId: 'u1' } },
    });
    expect((await client().checkout.sessions.retrieve(session.id)).id).toBe(session.id);
  });

  it('replays an idempotent request and refuses a reused key with other params', async () => {
    const stripe = client();
    const first = await openSession(stripe, { idempotencyKey: 'checkout-u1' });
    const again = await stripe.checkout.sessions.create(
      sessionParams(first.price.id, first.customer.id),
      { idempotencyKey: 'checkout-u1' },
    );
    expect(again.id).toBe(first.session.id);
    expect(fake.checkoutSessions.size).toBe(1);
    const reused = stripe.checkout.sessions.create(sessionParams(first.price.id), {
      idempotencyKey: 'checkout-u1',
    });
    await expect(reused).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('rejects an unknown price like Stripe', async () => {
    const failure = await client()
      .checkout.sessions.create(sessionParams('price_missing'))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(failure).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'line_items[0][price]',
    });
    await expect(client().subscriptions.retrieve('sub_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('refuses another API key with a StripeAuthenticationError', async () => {
    await expect(client('sk_test_wrong').customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    expect(fake.requests.at(-1)?.status).toBe(401);
  });

  it('opens a billing portal session for an existing customer', async () => {
    const stripe = client();
    const customer = await stripe.customers.create({});
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/billing',
    });
    expect(portal).toMatchObject({ customer: customer.id, url: `${fake.url}/portal/${portal.id}` });
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('href="http://app.test/billing"');
    await expect(
      stripe.billingPortal.sessions.create({ customer: 'cus_nope' }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

const CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'invoice.paid',
];

describe('fake Stripe lifecycle and webhooks', () => {
  it('completes a checkout into an active subscription, a paid invoice and three events', async () => {
    const stripe = client();
    const { session, price } = await openSession(stripe);
    const events = await fake.completeCheckout(session.id);
    expect(events.map((e) => e.type)).toEqual(CHECKOUT_EVENTS);
    const subId = events[0]?.data.object.subscription as string;
    const sub = await stripe.subscriptions.retrieve(subId);
    expect(sub).toMatchObject({ status: 'active', metadata: { userId: 'u1' } });
    const item = sub.items.data[0]!;
    expect(item.price.id).toBe(price.id);
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start + 27 * 86400);
    const invoice = await stripe.invoices.retrieve(events[2]?.data.object.id as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 1900,
      parent: { subscription_details: { subscription: subId } },
    });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
  });

  it('signs events so constructEvent accepts them, and only with the right secret', async () => {
    const { session } = await openSession(client());
    const [completed] = await fake.completeCheckout(session.id);
    const { payload, header } = fake.sign(completed!);
    expect(Stripe.webhooks.constructEvent(payload, header, fake.webhookSecret).id).toBe(
      completed!.id,
    );
    const forged = fake.sign(completed!, { secret: 'whsec_other' });
    expect(() =>
      Stripe.webhooks.constructEvent(forged.payload, forged.header, fake.webhookSecret),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('cancels and fails renewals with the right states and events', async () => {
    const stripe = client();
    const { session } = await openSession(stripe);
    const subId = (await fake.completeCheckout(session.id))[1]!.data.object.id as string;
    const before = fake.subscriptions.get(subId)!.current_period_end as number;
    const failed = fake.failRenewal(subId);
    const types = failed.map((e) => e.type);
    expect(types).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    const open = { status: 'open', amount_paid: 0, amount_due: 1900, subscription: subId };
    expect(failed[0]!.data.object).toMatchObject(open);
    expect(await stripe.subscriptions.retrieve(subId)).toMatchObject({
      status: 'past_due',
      current_period_start: before,
    });
    expect(fake.setSubscriptionStatus(subId, 'active')[0]).toMatchObject({
      type: 'customer.subscription.updated',
      data: { object: { status: 'active' }, previous_attributes: { status: 'past_due' } },
    });
    const [deleted] = fake.cancelSubscription(subId);
    expect(deleted).toMatchObject({
      type: 'customer.subscription.deleted',
      data: { object: { status: 'canceled' } },
    });
    expect((await stripe.subscriptions.retrieve(subId)).status).toBe('canceled');
  });

  it('pays through the hosted page: delivers the events in order, then 303s to success_url', async () => {
    const received: string[] = [];
    const target = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        // Verifying here proves each delivery is signed over the exact bytes that were sent.
        const signature = String(req.headers['stripe-signature']);
        received.push(Stripe.webhooks.constructEvent(raw, signature, fake.webhookSecret).type);
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    try {
      fake.webhookTarget = `http://127.0.0.1:${(target.address() as AddressInfo).port}/api/stripe/webhook/`;
      const { session } = await openSession(client());
      const page = await (await fetch(session.url!)).text();
      expect(page).toContain('19.00 USD');
      expect(page).toContain(`action="/checkout/${session.id}/pay"`);
      const paid = await fetch(`${fake.url}/checkout/${session.id}/pay`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`http://app.test/billing?session=${session.id}`);
      expect(received).toEqual(CHECKOUT_EVENTS);
      expect(fake.deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    } finally {
      fake.webhookTarget = null;
      target.closeAllConnections();
      await new Promise((resolve) => target.close(resolve));
    }
  });
});
