import { expect } from 'vitest';
import type { TUser } from '@cityforge/shared';
import type { FakeStripe, StripeEvent } from '@cityforge/fakes/stripe';
import { createTestApp, type TestApp } from './app.ts';
import type { Headers } from './http.ts';

/** The app pointed at the fake Stripe through the environment contract, as in production. */
export function createStripeTestApp(
  fake: FakeStripe,
  env: Record<string, string> = {},
  opts: { isolatedDatabase?: boolean } = {},
) {
  return createTestApp(
    {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
      ...env,
    },
    opts,
  );
}

/** A webhook delivery as Stripe makes it: the signed bytes and the stripe-signature header. */
export function sendEvent(
  t: TestApp,
  fake: FakeStripe,
  event: StripeEvent,
  opts: { secret?: string; header?: string | null } = {},
) {
  const { payload, header } = fake.sign(event, opts.secret ? { secret: opts.secret } : {});
  const signature = opts.header === undefined ? header : opts.header;
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook/',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

export async function deliverAll(t: TestApp, fake: FakeStripe, events: StripeEvent[]) {
  for (const event of events) {
    const res = await sendEvent(t, fake, event);
    expect(res.statusCode, `${event.type}: ${res.body}`).toBe(200);
  }
}

export async function me(t: TestApp, headers: Headers): Promise<TUser> {
  const res = await t.app.inject({ method: 'GET', url: '/auth/me/', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TUser;
}

/** POST /api/checkout/{plan}/ and the fake's session behind the answered URL. */
export async function startCheckout(t: TestApp, fake: FakeStripe, headers: Headers, plan: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/checkout/${plan}/`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as { url: string };
  const sessionId = decodeURIComponent(url.split('/checkout/')[1] ?? '');
  const session = fake.checkoutSessions.get(sessionId);
  expect(session, `no session behind ${url}`).toBeDefined();
  return { url, sessionId, session: session! };
}

/** Checkout paid on Stripe's side; the events are returned, not yet delivered. */
export async function paidCheckout(t: TestApp, fake: FakeStripe, headers: Headers, plan: string) {
  const { sessionId } = await startCheckout(t, fake, headers, plan);
  const events = await fake.completeCheckout(sessionId);
  const subscriptionId = String(fake.checkoutSessions.get(sessionId)!.subscription);
  return { sessionId, subscriptionId, events };
}

export async function invoicesOf(t: TestApp, headers: Headers) {
  const res = await t.app.inject({ method: 'GET', url: '/api/invoices/', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    count: number;
    results: Array<{ description: string; amount: number; status: string; link: string | null }>;
  };
}
