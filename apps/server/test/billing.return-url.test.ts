import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appOrigins, returnBase } from '../src/lib/return-url.ts';
import { startFakeStripe, type FakeStripe } from '@cityforge/fakes/stripe';
import type { TestApp } from './helpers/app.ts';
import { createStripeTestApp, deliverAll, paidCheckout } from './helpers/billing.ts';
import { signedInUser } from './helpers/factories.ts';
import type { Headers } from './helpers/http.ts';

// The app runs on loopback as `npm start` does: APP_URL names localhost, and the browser may
// have opened it as 127.0.0.1 or [::1] instead (each its own storage, so its own session).
const APP_URL = 'http://localhost:3999';
const TWINS = ['http://localhost:3999', 'http://127.0.0.1:3999', 'http://[::1]:3999'];
// Origins a request may claim that are not this app: each must fall back to APP_URL.
const FOREIGN = [
  'https://evil.example',
  'http://localhost.evil.example:3999',
  'http://127.0.0.1:4000',
  'https://127.0.0.1:3999',
  'http://10.0.0.5:3999',
  'null',
  'not a url',
];

let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  // Its own database on PostgreSQL: the plans' Stripe prices here belong to this fake.
  t = await createStripeTestApp(fake, { APP_URL }, { isolatedDatabase: true });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function post(url: string, headers: Headers, extra: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { url: string }).url;
}

const freeReturn = async (extra: Record<string, string>) =>
  post('/api/checkout/free/', (await signedInUser(t)).headers, extra);

describe('return URLs follow the origin the request came from, when it is the app’s own', () => {
  it.each(TWINS)('Free from %s comes back to the same origin', async (origin) => {
    expect(await freeReturn({ origin })).toBe(`${origin}/payment-success?plan=free`);
  });

  it.each(FOREIGN)('Free with the foreign Origin %j comes back to APP_URL', async (origin) => {
    expect(await freeReturn({ origin })).toBe(`${APP_URL}/payment-success?plan=free`);
  });

  it('uses the Host header when there is no Origin, and only an allowed one', async () => {
    expect(await freeReturn({ host: '127.0.0.1:3999' })).toBe(
      'http://127.0.0.1:3999/payment-success?plan=free',
    );
    expect(await freeReturn({ host: 'evil.example' })).toBe(`${APP_URL}/payment-success?plan=free`);
    // A forged Origin does not win over by falling back to an allowed Host.
    expect(await freeReturn({ origin: 'https://evil.example', host: '127.0.0.1:3999' })).toBe(
      `${APP_URL}/payment-success?plan=free`,
    );
  });

  it('gives Stripe Checkout success and cancel URLs on the allowed origin, else APP_URL', async () => {
    const u = await signedInUser(t);
    await post('/api/checkout/basic/', u.headers, { origin: 'http://127.0.0.1:3999' });
    const v = await signedInUser(t);
    await post('/api/checkout/basic/', v.headers, { origin: 'https://evil.example' });
    const sessions = fake.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sessions.map((s) => [s.body.success_url, s.body.cancel_url])).toEqual([
      [
        'http://127.0.0.1:3999/payment-success?session_id={CHECKOUT_SESSION_ID}',
        'http://127.0.0.1:3999/plans',
      ],
      [`${APP_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`, `${APP_URL}/plans`],
    ]);
  });

  it('gives the billing portal a return URL on the allowed origin, else APP_URL', async () => {
    const u = await signedInUser(t);
    const { events } = await paidCheckout(t, fake, u.headers, 'pro');
    await deliverAll(t, fake, events);
    await post('/api/manage/subscription/', u.headers, { origin: 'http://[::1]:3999' });
    await post('/api/manage/subscription/', u.headers, { origin: 'https://evil.example' });
    const returns = [...fake.portalSessions.values()].map((p) => p.return_url);
    expect(returns).toEqual(['http://[::1]:3999/plans', `${APP_URL}/plans`]);
  });
});

describe('the allow-list', () => {
  it('has no loopback twins when APP_URL is a public address', () => {
    expect([...appOrigins('https://app.cityforge.example')]).toEqual([
      'https://app.cityforge.example',
    ]);
    expect(returnBase('https://app.cityforge.example', 'http://localhost:3000')).toBe(
      'https://app.cityforge.example',
    );
  });

  it('keeps the path of an APP_URL served under a prefix', () => {
    expect(returnBase('http://localhost:8080/app', 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/app',
    );
  });
});
