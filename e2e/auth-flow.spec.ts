import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import { SHOTS, toastTitled } from './helpers/app.ts';
import { localPath, signUpVerified, startStack, type Stack } from './helpers/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

describe('a new user from sign-up to projects', () => {
  it('signs up, follows the mailed link, signs in, picks Free, stays signed in on reload, signs out', async () => {
    const { page, context } = await stack.newPage();
    const email = `e2e-${Date.now()}@example.com`;

    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Sign up' }).first().click();
    await page.waitForURL('**/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('e2e-secret');
    await page.getByLabel('Confirm password').fill('e2e-secret');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(MSG.signupSuccess).waitFor();
    await page.waitForURL('**/login');

    const mail = await stack.smtp.waitFor(email, /Verify your CityForge email/);
    const link = mail.links.find((l) => l.includes('/verify-email?token='))!;
    await page.goto(localPath(link));
    await page.getByText(MSG.verifySuccess).waitFor();
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('e2e-secret');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Not subscribed yet: the guard sends the user to the plans screen.
    await page.waitForURL('**/plans');
    await page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/payment-success**');
    await page.waitForURL('**/projects');
    await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/projects.png` });

    await page.reload();
    await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/projects');

    await page
      .getByRole('button', { name: 'Test User' })
      .or(page.getByRole('button', { name: 'User', exact: true }))
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto('/projects');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('shows the red banner for a wrong password and stays on the sign-in screen', async () => {
    const { page, context } = await stack.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const banner = page.getByTestId('login-error');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(MSG.invalidCredentials);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});

describe('the return to /payment-success', () => {
  it('keeps the session of a user who opened the app on 127.0.0.1 and picked Free', async () => {
    // APP_URL (and so stack.baseURL) names localhost; the same server on 127.0.0.1 is another
    // origin with its own storage, where this user signs in.
    const twin = stack.baseURL.replace('//localhost:', '//127.0.0.1:');
    expect(twin).not.toBe(stack.baseURL);
    const context = await stack.browser.newContext({
      baseURL: twin,
      viewport: { width: 1280, height: 860 },
    });
    const page = await context.newPage();
    await signUpVerified(stack, page, `twin-${Date.now()}@example.com`, 'twin-secret');
    expect(new URL(page.url()).origin).toBe(twin);

    await page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${twin}/payment-success?plan=free`);
    await toastTitled(page, MSG.paymentSuccess).waitFor();
    await page.waitForURL(`${twin}/projects`);
    await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/payment-twin-projects.png` });
    await context.close();
  });

  it('without a session, goes to the sign-in screen instead of confirming for ever', async () => {
    const { page, context } = await stack.newPage();
    await page.goto('/payment-success?plan=free');
    await toastTitled(page, MSG.paymentSignInNeeded).waitFor();
    await page.screenshot({ path: `${SHOTS}/payment-signed-out.png` });
    await page.waitForURL('**/login');
    await context.close();
  });

  /** A signed-in, unsubscribed user whose page-load read of /auth/me/ passes, later ones not. */
  async function failingStatusRead(status: number) {
    const { page, context } = await stack.newPage();
    await signUpVerified(stack, page, `read-${status}-${Date.now()}@example.com`, 'read-secret');
    let reads = 0;
    await page.route('**/auth/me/', (route) =>
      reads++ === 0 ? route.continue() : route.fulfill({ status, json: { message: 'Nope' } }),
    );
    await page.route('**/auth/token/refresh/', (route) =>
      route.fulfill({ status: 401, json: { message: 'Token is invalid or expired' } }),
    );
    await page.goto('/payment-success');
    return { page, context };
  }

  it('a session lost during the status read (401, refresh refused) goes to sign-in', async () => {
    const { page, context } = await failingStatusRead(401);
    await toastTitled(page, MSG.paymentSignInNeeded).waitFor();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('a status read that fails otherwise takes the unsubscribed path to /plans', async () => {
    const { page, context } = await failingStatusRead(500);
    await toastTitled(page, MSG.paymentProcessing).waitFor();
    await page.screenshot({ path: `${SHOTS}/payment-read-failed.png` });
    await page.waitForURL('**/plans');
    await context.close();
  });
});
