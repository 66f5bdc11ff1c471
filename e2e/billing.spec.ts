import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import { startFakeStripe, type FakeStripe } from '@cityforge/fakes/stripe';
import { SHOTS, shoot, toastTitled } from './helpers/app.ts';
import { signUpVerified, startStack, type Stack } from './helpers/stack.ts';

describe('buying a paid plan through Stripe Checkout', () => {
  let stack: Stack;
  let stripe: FakeStripe;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    stripe = await startFakeStripe();
    stack = await startStack({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
    // The fake's payment page delivers Stripe's events here, signed, as Stripe would.
    stripe.webhookTarget = `${stack.baseURL}/api/stripe/webhook/`;
  });
  afterAll(async () => {
    await stack?.stop();
    await stripe?.close();
  });

  it('subscribes from /plans, pays, returns to /payment-success and lands on /projects', async () => {
    const { page, context } = await stack.newPage();
    const email = `buyer-${Date.now()}@example.com`;
    await signUpVerified(stack, page, email, 'buyer-pass-1');

    const basic = page.getByTestId('plan-basic');
    await basic.getByRole('button', { name: 'Subscribe' }).click();
    // Stripe's hosted checkout (the local Stripe server's page for the session).
    await page.waitForURL(`${stripe.url}/checkout/**`);
    const [session] = [...stripe.checkoutSessions.values()];
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: expect.any(String),
    });
    await page.screenshot({ path: `${SHOTS}/billing-checkout.png` });
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL('**/payment-success?session_id=*');
    await toastTitled(page, MSG.paymentSuccess).waitFor();
    await page.waitForURL('**/projects');
    await page.screenshot({ path: `${SHOTS}/billing-projects.png` });

    // Back on Plans: Basic is the current plan, managed in the portal; the invoice is listed.
    await page.goto('/plans');
    await basic.getByRole('button', { name: 'Manage Subscription' }).waitFor();
    const history = page.getByRole('table');
    await history.getByText('Paid', { exact: false }).first().waitFor();
    expect(await history.innerText()).toMatch(/\$29(\.00)?\b/);
    await shoot(page, 'billing-plans-subscribed');

    await basic.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    expect(stripe.portalSessions.size).toBe(1);
    await context.close();
  });
});
