import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import { startFakeStripe, type FakeStripe } from '@cityforge/fakes/stripe';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createStripeTestApp, deliverAll, me, paidCheckout, sendEvent } from './helpers/billing.ts';
import { createUser, signedInUser } from './helpers/factories.ts';

// Its own database: the plans table keeps the Stripe price ids of the fake it first met.
let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createStripeTestApp(fake, {}, { isolatedDatabase: true });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('deleting a paying user', () => {
  it('cancels their Stripe subscription first, so the card is not charged again', async () => {
    const admin = await signedInUser(t, { superuser: true });
    const u = await signedInUser(t);
    const { subscriptionId, events } = await paidCheckout(t, fake, u.headers, 'basic');
    await deliverAll(t, fake, events);
    expect((await me(t, u.headers)).isSubscribed).toBe(true);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${u.user.id}/`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(
      fake.requests.filter(
        (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`,
      ),
    ).toHaveLength(1);
    expect(await t.ctx.repos.usersRepo.findById(u.user.id)).toBeNull();

    // Stripe's own event about it arrives after the user is gone: acknowledged, nothing made.
    const [late] = fake.setSubscriptionStatus(subscriptionId, 'canceled');
    expect((await sendEvent(t, fake, late!)).statusCode).toBe(200);
    expect(await t.ctx.repos.usersRepo.findById(u.user.id)).toBeNull();
  });

  it('deletes a user whose subscription Stripe no longer has', async () => {
    const admin = await signedInUser(t, { superuser: true });
    const { user } = await createUser(t);
    await t.ctx.repos.billingRepo.upsertSubscription({
      userId: user.id,
      planId: 'pro',
      status: 'active',
      stripeSubscriptionId: 'sub_gone_long_ago',
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}/`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.ctx.repos.usersRepo.findById(user.id)).toBeNull();
  });
});

describe('deleting a paying user while Stripe is unreachable', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_fake',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await down.close();
  });

  it('answers 502 and keeps the user, so the subscription is not left billing unseen', async () => {
    const admin = await signedInUser(down, { superuser: true });
    const { user } = await createUser(down);
    await down.ctx.repos.billingRepo.upsertSubscription({
      userId: user.id,
      planId: 'basic',
      status: 'active',
      stripeSubscriptionId: 'sub_still_billing',
    });
    const res = await down.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}/`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(MSG.paymentProviderFailed);
    expect(await down.ctx.repos.usersRepo.findById(user.id)).not.toBeNull();
  });
});
