import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MSG } from '@cityforge/shared';

/** The token the Netlify fake accepts by default. */
export const NETLIFY_TOKEN = 'netlify-test-token';

/** Puts the keys on the profile through its form: Netlify to deploy, OpenRouter to create. */
export async function saveKeys(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Netlify access token').fill(NETLIFY_TOKEN);
  await page.getByLabel('OpenRouter API key').fill('sk-or-v1-e2epublishingkey0000000001');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText(MSG.profileUpdated).first().waitFor();
  await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
  // Shown masked from now on: the first three characters and the last four.
  expect(await page.locator('main').innerText()).not.toContain(NETLIFY_TOKEN);
}

/** The card's step buttons (each opens the guide on its step) by their accessible names. */
export function stepButton(card: Locator, label: string): Locator {
  return card.getByRole('listitem').getByRole('button', { name: label, exact: true });
}
