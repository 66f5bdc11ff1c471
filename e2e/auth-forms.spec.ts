import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@cityforge/shared';
import { localPath, startStack, type Stack } from './helpers/stack.ts';
import { SHOTS } from './helpers/app.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-pass-1' });
});
afterAll(() => stack?.stop());

async function fieldMessages(page: Page): Promise<string> {
  return (await page.locator('form').innerText()).replace(/\s+/g, ' ');
}

describe('auth form validation', () => {
  it('sign-in: required, address shape and minimum length', async () => {
    const { page, context } = await stack.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(MSG.emailRequired).waitFor();
    expect(await fieldMessages(page)).toContain(MSG.passwordRequired);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(MSG.emailInvalid).waitFor();
    expect(await fieldMessages(page)).toContain(MSG.passwordMin);
    await page.screenshot({ path: `${SHOTS}/login-errors.png` });
    await context.close();
  });

  it('sign-up: confirmation required and equal; common passwords refused; an existing address answers like a new one', async () => {
    const { page, context } = await stack.newPage();
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(MSG.emailRequired).waitFor();
    expect(await fieldMessages(page)).toContain(MSG.passwordRequired);
    expect(await fieldMessages(page)).toContain(MSG.confirmRequired);
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm password').fill('abcdeg');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(MSG.passwordsMismatch).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('football');
    await page.getByLabel('Confirm password').fill('football');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // The server's field error arrives as a "field: message" toast.
    await page.getByText(`password: ${MSG.passwordTooCommon}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm password').fill('abcdef');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // Signup does not tell whether the address has an account; its owner gets a mail instead.
    await page.getByText(MSG.signupSuccess).waitFor();
    await stack.smtp.waitFor('owner@example.com', /already exists/);
    await context.close();
  });

  it('verify-email without a token, and with a bad one', async () => {
    const { page, context } = await stack.newPage();
    await page.goto('/verify-email');
    await page.getByText(MSG.invalidVerificationLink).waitFor();
    await page.goto('/verify-email?token=bogus');
    await page.getByText(MSG.invalidVerificationToken).waitFor();
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('reset: a missing or bad token bounces to sign-in; the mailed link sets a new password', async () => {
    const { page, context } = await stack.newPage();
    await page.goto('/reset-password');
    await page.getByText(MSG.resetTokenMissing).waitFor();
    await page.waitForURL('**/login');
    await page.goto('/reset-password?token=bogus');
    await page.getByText(MSG.invalidOrMissingResetToken).waitFor();
    await page.waitForURL('**/login');

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/request-password-reset');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(MSG.emailRequired).waitFor();
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(MSG.resetRequestNeutral).first().waitFor();
    await page.waitForURL('**/login');

    const mail = await stack.smtp.waitFor('owner@example.com', /Reset your CityForge password/);
    await page.goto(localPath(mail.links.find((l) => l.includes('/reset-password?token='))!));
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('New password').fill('12345');
    await page.getByLabel('Confirm password').fill('123456');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(MSG.passwordMin).waitFor();
    expect(await fieldMessages(page)).toContain(MSG.passwordsMismatch);
    await page.getByLabel('New password').fill('owner-pass-2');
    await page.getByLabel('Confirm password').fill('owner-pass-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(MSG.resetSuccess).waitFor();
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('owner-pass-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A superuser with admin bypass goes straight to projects and sees the Admin badge.
    await page.waitForURL('**/projects');
    await page.getByText('Admin', { exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Users' }).waitFor();
    await context.close();
  });
});

describe('profile', () => {
  it('edits the name and stores a key that is shown masked afterwards', async () => {
    const { page, context } = await stack.newPage();
    const email = `profile-${Date.now()}@example.com`;
    const signup = await fetch(`${stack.baseURL}/auth/signup/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'profile-pass' }),
    });
    expect(signup.status).toBe(201);
    const mail = await stack.smtp.waitFor(email, /Verify/);
    await page.goto(localPath(mail.links[0]!));
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('profile-pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/plans');
    await page.getByTestId('plan-pro').waitFor();
    const proText = await page.getByTestId('plan-pro').innerText();
    expect(proText).toContain('$79');
    await page.screenshot({ path: `${SHOTS}/plans.png`, fullPage: true });

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First name').fill('Marie');
    await page.getByLabel('Last name').fill('Curie');
    expect(await page.getByLabel('Email').isEditable()).toBe(false);
    await page.getByLabel('OpenRouter API key').fill('sk-or-v1-abcdefghijklmnopqrstuvwxyz987654');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(MSG.profileUpdated).first().waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('Marie');
    expect(text).not.toContain('abcdefghijklmnopqrstuvwxyz');
    expect(text).toContain('7654');
    await page.screenshot({ path: `${SHOTS}/profile.png`, fullPage: true });
    await context.close();
  });
});
