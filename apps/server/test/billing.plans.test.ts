import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import { invoices } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signedInUser } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('plans and subscription state', () => {
  it('lists Free, Basic, Pro and Enterprise; only Free is purchasable without Stripe', async () => {
    const u = await signedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/plans/', headers: u.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(4);
    expect(body.results.map((p: { name: string }) => p.name)).toEqual([
      'Free',
      'Basic',
      'Pro',
      'Enterprise',
    ]);
    const byName = Object.fromEntries(body.results.map((p: { name: string }) => [p.name, p]));
    expect(byName.Free).toMatchObject({ price: 0, purchasable: true, interval: 'month' });
    expect(byName.Pro).toMatchObject({ isPopular: true, purchasable: false });
    expect(byName.Basic.limits).toEqual({ projects: 3, cityPagesPerMonth: 250 });
  });

  it('subscribes to Free at once and answers the payment-success URL', async () => {
    const u = await signedInUser(t);
    const before = await t.app.inject({ method: 'GET', url: '/auth/me/', headers: u.headers });
    expect(before.json().isSubscribed).toBe(false);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/free/',
      headers: u.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'http://cityforge.test/payment-success?plan=free' });
    const after = (
      await t.app.inject({ method: 'GET', url: '/auth/me/', headers: u.headers })
    ).json();
    expect(after.isSubscribed).toBe(true);
    expect(after.subscription).toMatchObject({
      plan: { id: 'free', name: 'Free' },
      status: 'active',
    });
  });

  it('answers a clear error for paid plans until payments are configured, and 404 for unknown plans', async () => {
    const u = await signedInUser(t);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/pro/',
      headers: u.headers,
    });
    expect(paid.statusCode).toBe(503);
    expect(paid.json()).toEqual({ message: MSG.paymentsNotConfigured });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/platinum/',
      headers: u.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me/', headers: u.headers })).json()
        .isSubscribed,
    ).toBe(false);
    const manage = await t.app.inject({
      method: 'POST',
      url: '/api/manage/subscription/',
      headers: u.headers,
    });
    expect(manage.statusCode).toBe(400);
    expect(manage.json()).toEqual({ message: MSG.noSubscriptionToManage });
  });

  it('answers the Stripe webhook 503 until Stripe is configured, so Stripe retries later', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: MSG.webhooksNotConfigured });
  });

  it("pages the billing history by 10, newest first, only the caller's own", async () => {
    const u = await signedInUser(t);
    const other = await signedInUser(t);
    const rows = Array.from({ length: 12 }, (_, i) => ({
      userId: u.user.id,
      amountCents: 2900,
      status: i % 2 ? 'paid' : 'open',
      description: `Basic plan #${i}`,
      createdAt: new Date(Date.UTC(2026, 0, i + 1)),
    }));
    await t.ctx.db
      .insert(invoices)
      .values([...rows, { ...rows[0]!, userId: other.user.id, description: 'not yours' }]);
    const first = (
      await t.app.inject({ method: 'GET', url: '/api/invoices/', headers: u.headers })
    ).json();
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    expect(first.results[0]).toMatchObject({
      description: 'Basic plan #11',
      amount: 29,
      status: 'paid',
    });
    expect(first.next).toBe('/api/invoices/?page=2');
    expect(first.previous).toBeNull();
    const second = (
      await t.app.inject({ method: 'GET', url: first.next, headers: u.headers })
    ).json();
    expect(second.results).toHaveLength(2);
    expect(second.next).toBeNull();
    expect(second.previous).toBe('/api/invoices/?page=1');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/invoices/?page=0',
      headers: u.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('requires sign-in for every billing call', async () => {
    for (const [method, url] of [
      ['GET', '/api/plans/'],
      ['GET', '/api/invoices/'],
      ['POST', '/api/checkout/free/'],
      ['POST', '/api/manage/subscription/'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
