import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { MSG } from '@cityforge/shared';

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/projects');
}

/** Fills /projects/new and submits it; answers the project's card on the list. */
export async function createProject(page: Page, name: string, model: string): Promise<Locator> {
  await page.getByRole('link', { name: 'Create Project' }).click();
  await page.waitForURL('**/projects/new');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Service type').fill('Roofing');
  await page.getByLabel('Model').selectOption(model);
  await page.getByLabel('Prompt').fill('Family-owned roofing company in Austin, Texas.');
  await page.getByLabel('Contact phone number').fill('+1 512 555 0100');
  await page.getByLabel('Email').fill('hello@acme.test');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await page.getByText(MSG.projectCreatedMessage).waitFor();
  await page.waitForURL('**/projects');
  const card = page.getByTestId('project-card').filter({ hasText: name });
  await card.waitFor();
  return card;
}

/** Opens the detail screen from the card's name link; answers the project id. */
export async function openDetail(page: Page, card: Locator, name: string): Promise<string> {
  await card.getByRole('link', { name }).click();
  await page.waitForURL('**/project/*/detail');
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
}

/** The editor is ready once GrapesJS has loaded (Save enabled) and drawn the page's h1. */
export async function waitForEditor(page: Page) {
  await page.frameLocator('iframe.gjs-frame').locator('main#main h1').waitFor();
  await expect
    .poll(() => page.getByRole('button', { name: 'Save', exact: true }).isEnabled())
    .toBe(true);
}

/** Waits for the status badge next to the project's name on the detail screen. */
export async function waitForStatus(page: Page, status: string) {
  await page
    .locator('header h1 + [data-variant]')
    .filter({ hasText: new RegExp(`^${status}$`) })
    .waitFor();
}

/** A toast with this title (the part of a spec message before " - "). */
export function toastTitled(page: Page, text: string): Locator {
  const title = text.split(' - ')[0]!;
  return page.locator('[data-testid^="toast-"]').filter({ hasText: title });
}

/**
 * Waits for the toast, then dismisses it as a user would, so that a later toast with the same
 * title is the only one: toasts stay 5 s, and a fast run saves again well inside that.
 */
export async function dismissToast(page: Page, text: string) {
  const toast = toastTitled(page, text);
  await toast.waitFor();
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await toast.waitFor({ state: 'detached' });
}

/** Where the browser suite's screenshots go, to be looked at. */
export const SHOTS = '/tmp/e2e-shots';

/** The page at desktop width, then at 390 px (a phone) with no sideways scroll, back to desktop. */
export async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} fits a phone`).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 860 });
}
