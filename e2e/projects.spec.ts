import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, OFFLINE_MODEL_ID } from '@cityforge/shared';
import { apiCreateProject, apiSignIn, apiWaitForProject } from './helpers/api.ts';
import { localPath, startStack, type Stack } from './helpers/stack.ts';
import { SHOTS } from './helpers/app.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(() => stack?.stop());

/**
 * Signs in without "Remember me": the tokens live in this tab's sessionStorage, and the tabs
 * that View, Edit and Settings open receive the session from it over a BroadcastChannel.
 */
async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('projects as a superuser', () => {
  it('creates, finds, opens, edits the menu and settings of, and deletes a project', async () => {
    const { page, context } = await stack.newPage();
    const name = `Acme Roofing ${Date.now()}`;
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/projects');
    await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();

    // Create from the form: required messages first, then a valid project.
    await page.getByRole('link', { name: 'Create Project' }).click();
    await page.waitForURL('**/projects/new');
    await page.getByRole('link', { name: 'Back to Projects' }).waitFor();
    await page.getByRole('button', { name: 'Create Project' }).click();
    await page.getByText(MSG.projectNameRequired).waitFor();
    await page.getByText(MSG.serviceTypeRequired).waitFor();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Service type').fill('Roofing');
    await page.getByLabel('Model').selectOption(OFFLINE_MODEL_ID);
    await page.getByLabel('Prompt').fill('Family-owned roofing company in Austin, Texas.');
    await page.getByLabel('Contact phone number').fill('+1 512 555 0100');
    await page.getByLabel('Email').fill('hello@acme.test');
    await page.getByRole('switch', { name: 'Create service pages' }).click();
    await page.getByRole('button', { name: 'Create Project' }).click();
    await page.getByText(MSG.projectCreatedMessage).waitFor();
    await page.waitForURL('**/projects');

    // Find it by search (300 ms debounce) and check the card.
    await page.getByLabel('Search projects').fill(name.slice(0, 20));
    const card = page.getByTestId('project-card').filter({ hasText: name });
    await card.waitFor();
    expect(await page.getByTestId('projects-range').innerText()).toMatch(/^Showing 1-1 of 1 /);
    expect(await card.getByTestId('deploy-percent').innerText()).toBe('25%');
    await card.getByTestId('usage-summary').waitFor();
    await page.getByLabel('Search projects').fill('no-such-project-anywhere');
    await page.getByText(MSG.noProjects).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await card.waitFor();
    await page.screenshot({ path: `${SHOTS}/project-list.png`, fullPage: true });

    // Settings opens in a new tab from the card; detail opens in another tab from the name.
    const settingsTab = context.waitForEvent('page');
    await card.getByRole('link', { name: 'Settings' }).click();
    const settings = await settingsTab;
    await settings.getByRole('heading', { name: 'Project Settings' }).first().waitFor();

    const detailTab = context.waitForEvent('page');
    await card.getByRole('link', { name }).click({ modifiers: ['ControlOrMeta'] });
    const detail = await detailTab;
    await detail.getByRole('heading', { name, level: 1 }).waitFor();
    await detail.getByRole('heading', { name: 'Website Structure' }).waitFor();

    // Navigation Menu: toggle one link, save, reload, still toggled.
    const menu = detail.getByTestId('navigation-menu');
    const box = menu.getByRole('checkbox').first();
    await box.waitFor();
    const before = await box.isChecked();
    const countBefore = await menu.getByTestId('menu-enabled').innerText();
    await box.click();
    expect(await menu.getByTestId('menu-enabled').innerText()).not.toBe(countBefore);
    await menu.getByRole('button', { name: 'Save Menu Configuration' }).click();
    await detail.getByText(MSG.menuSaved).waitFor();
    await detail.reload();
    await detail.getByTestId('navigation-menu').getByRole('checkbox').first().waitFor();
    expect(
      await detail.getByTestId('navigation-menu').getByRole('checkbox').first().isChecked(),
    ).toBe(!before);
    await detail.screenshot({ path: `${SHOTS}/project-detail.png`, fullPage: true });

    // Settings: save the meta tags and the phone, reload, still there.
    await settings.getByLabel('Meta Tags').fill('Roofers in {city}, {state_name}');
    await settings.getByLabel('Phone no.').fill('+1 512 555 0199');
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await settings.getByText(MSG.settingsUpdated).waitFor();
    await settings.reload();
    await settings.getByLabel('Meta Tags').waitFor();
    expect(await settings.getByLabel('Meta Tags').inputValue()).toBe(
      'Roofers in {city}, {state_name}',
    );
    expect(await settings.getByLabel('Phone no.').inputValue()).toBe('+1 512 555 0199');
    await settings.close();
    await detail.close();

    // Delete through the confirmation modal.
    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(name).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'detached' });
    await page.goto('/project/no-such-project/detail');
    await page.getByText(MSG.projectNotFoundTitle).waitFor();
    await page.getByRole('link', { name: 'Back to Projects' }).click();
    await page.waitForURL('**/projects');
    await context.close();
  });
});

describe('deleting the last project of page 2', () => {
  it('goes back to the last page that exists, not to "No projects found"', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    // Eleven projects found by one search: ten on page 1, one on page 2 (10 per page).
    const stamp = `Paged ${Date.now()}`;
    const ids: string[] = [];
    for (let i = 1; i <= 11; i += 1) {
      const name = `${stamp} ${String(i).padStart(2, '0')}`;
      ids.push(await apiCreateProject(stack, token, { name }));
    }
    // A project being generated cannot be deleted: let them all finish first.
    for (const id of ids) await apiWaitForProject(stack, token, id);
    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/projects');
    // The search applies after its debounce: wait for its answer before paging.
    const searched = page.waitForResponse(
      (res) => new URL(res.url()).searchParams.get('query') === stamp && res.ok(),
    );
    await page.getByLabel('Search projects').fill(stamp);
    await searched;
    const range = page.getByTestId('projects-range');
    await range.filter({ hasText: /^Showing 1-10 of 11 / }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await range.filter({ hasText: /^Showing 11-11 of 11 / }).waitFor();
    const cards = page.getByTestId('project-card');
    // Page 1's cards stay shown until page 2 has arrived.
    await expect.poll(() => cards.count()).toBe(1);

    await cards.first().getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await range.filter({ hasText: /^Showing 1-10 of 10 / }).waitFor();
    await expect.poll(() => cards.count()).toBe(10);
    expect(await page.getByText(MSG.noProjects).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/projects-after-last-delete.png` });
    await context.close();
  });
});

describe('projects for a user without API keys', () => {
  it('shows Create Project styled disabled with the API Keys Required popup', async () => {
    const { page, context } = await stack.newPage();
    const email = `nokeys-${Date.now()}@example.com`;
    const signup = await fetch(`${stack.baseURL}/auth/signup/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'nokeys-pass' }),
    });
    expect(signup.status).toBe(201);
    const mail = await stack.smtp.waitFor(email, /Verify/);
    await page.goto(localPath(mail.links.find((l) => l.includes('/verify-email?token='))!));
    await page.waitForURL('**/login');
    await signIn(page, email, 'nokeys-pass');
    await page.waitForURL('**/plans');
    await page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/projects');
    await page.getByText(MSG.noProjects).waitFor();

    const button = page.getByRole('button', { name: 'Create Project' });
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('link', { name: 'Create Project' }).count()).toBe(0);
    // Styled and announced as disabled, yet it still answers a click with the popup.
    await button.click({ force: true });
    const popup = page.getByTestId('api-keys-popup');
    await popup.waitFor();
    const text = (await popup.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('API Keys Required');
    expect(text).toContain("You haven't added your API keys.");
    await page.screenshot({ path: `${SHOTS}/api-keys-popup.png` });
    // The popup closes by itself after 5 seconds.
    await popup.waitFor({ state: 'hidden' });
    await button.click({ force: true });
    await popup.getByRole('link', { name: 'Go to profile settings' }).click();
    await page.waitForURL('**/profile');
    await context.close();
  });
});
