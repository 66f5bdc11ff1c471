import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, OFFLINE_MODEL_ID } from '@cityforge/shared';
import { SHOTS, shoot, signIn, toastTitled } from './helpers/app.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'ops@cityforge.test', password: 'operator-pass-1' };

/** What the created user does on their own, through the API: a key, then a project. */
async function projectOf(stack: Stack, email: string, password: string, name: string) {
  const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const res = await fetch(`${stack.baseURL}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
    });
    expect(res.status, `${path}: ${res.status}`).toBeLessThan(300);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const { access } = (await call('/auth/login/', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  })) as { access: string };
  await call('/auth/me/', {
    method: 'PATCH',
    token: access,
    body: JSON.stringify({ userOpenRouterApiKey: 'sk-or-e2e-placeholder' }),
  });
  await call('/api/projects/create/', {
    method: 'POST',
    token: access,
    body: JSON.stringify({ name, serviceType: 'Plumbing', model: OFFLINE_MODEL_ID }),
  });
}

const rowOf = (page: Page, email: string) =>
  page.getByTestId('admin-user-row').filter({ hasText: email });

describe('administration of users', () => {
  let stack: Stack;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    stack = await startStack({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('creates a user, finds them, gives Admin Bypass, opens their projects and billing, deletes them', async () => {
    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/admin/users');
    await expect.poll(() => page.getByTestId('kpi-total-users').innerText()).toContain('1');

    // Create: a taken address comes back from the server onto the e-mail field.
    await page.getByRole('button', { name: 'Create User' }).click();
    const form = page.getByRole('dialog', { name: 'Create User' });
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Email').fill(ADMIN.email);
    await form.getByLabel('Password', { exact: true }).fill('cobol-pass-1');
    await form.getByLabel('Confirm password').fill('cobol-pass-2');
    await form.getByRole('button', { name: 'Create User' }).click();
    await form.getByText(MSG.passwordsMismatch).waitFor();
    await form.getByLabel('Confirm password').fill('cobol-pass-1');
    await form.getByRole('button', { name: 'Create User' }).click();
    await form.getByText(MSG.emailTaken).waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-create-taken.png` });
    const email = `grace-${Date.now()}@example.com`;
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Create User' }).click();
    await toastTitled(page, MSG.userCreated).waitFor();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('kpi-total-users').innerText()).toContain('2');

    // Search (debounced) narrows the table to her.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('grace hop');
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(1);
    const row = rowOf(page, email);
    await expect.poll(() => row.innerText()).toContain('0 projects');

    // Edit: Admin Bypass on; the badge replaces the plan column.
    await row.getByRole('button', { name: `Edit ${email}` }).click();
    const edit = page.getByRole('dialog', { name: /^Edit / });
    expect(await edit.getByLabel('Email').isDisabled()).toBe(true);
    await edit.getByRole('switch', { name: 'Admin Bypass' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toastTitled(page, MSG.userUpdated).waitFor();
    await row.getByText('Admin Bypass').waitFor();

    // With the bypass she may work without a plan; her project shows in her row.
    await projectOf(stack, email, 'cobol-pass-1', 'Hopper Plumbing');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('grace hopper');
    await expect.poll(() => row.innerText()).toContain('1 project');
    await shoot(page, 'admin-users');

    // Her projects, with the dialog's own search.
    await row.getByRole('button', { name: `Projects of ${email}` }).click();
    const projects = page.getByRole('dialog', { name: /^Projects of / });
    await projects.getByTestId('user-project-row').filter({ hasText: 'Hopper Plumbing' }).waitFor();
    await page.waitForTimeout(300); // the dialog's entry animation, for the screenshot
    await page.screenshot({ path: `${SHOTS}/admin-user-projects.png` });
    await projects.getByRole('searchbox', { name: 'Search projects' }).fill('roofing');
    await projects.getByTestId('user-projects-empty').waitFor();
    await page.keyboard.press('Escape');
    await projects.waitFor({ state: 'detached' });

    // Billing history: none yet.
    await row.getByRole('button', { name: `Billing history of ${email}` }).click();
    const billing = page.getByRole('dialog', { name: /^Billing history of / });
    await billing.getByTestId('user-invoices-empty').waitFor();
    await page.keyboard.press('Escape');

    // Details.
    await row.getByRole('button', { name: `View ${email}` }).click();
    const details = page.getByTestId('user-details');
    await details.waitFor();
    expect(await details.innerText()).toContain(email);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/admin-user-details.png` });
    await page.keyboard.press('Escape');

    // An ordinary account (even with Admin Bypass) is sent away from administration.
    const other = await stack.newPage();
    await signIn(other.page, email, 'cobol-pass-1');
    await other.page.goto('/admin/users');
    await other.page.waitForURL('**/projects');
    await other.context.close();

    // The administrator's own row has no Delete; hers does.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(2);
    expect(await page.getByRole('button', { name: `Delete ${ADMIN.email}` }).count()).toBe(0);
    await rowOf(page, email)
      .getByRole('button', { name: `Delete ${email}` })
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await toastTitled(page, MSG.userDeleted).waitFor();
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(1);
    await expect.poll(() => page.getByTestId('kpi-total-users').innerText()).toContain('1');
    await context.close();
  });
});
