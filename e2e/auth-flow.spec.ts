import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import { localPath, startStack, type Stack } from './helpers/stack.ts';

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
    await page.waitForURL('**/login', { timeout: 5000 });

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('e2e-secret');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Not subscribed yet: the guard sends the user to the plans screen.
    await page.waitForURL('**/plans');
    await page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/payment-success**');
    await page.waitForURL('**/projects', { timeout: 8000 });
    await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/e2e-projects.png' });

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
