import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { SHOTS, signIn } from './helpers/app.ts';
import { apiCreateProject, apiProjectDetail, apiSignIn } from './helpers/api.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };
const MODEL = 'anthropic/claude-3.7-sonnet';

async function api<T>(stack: Stack, token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${stack.baseURL}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}

describe('monthly spending caps on the screens', () => {
  let stack: Stack;
  let fake: FakeAi;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    // OpenRouter's listing prices the model, as the price check reads it at start.
    fake = await startFakeAi({
      models: [MODEL],
      prices: { [MODEL]: { prompt: '0.000003', completion: '0.000015' } },
    });
    stack = await startStack({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OPENROUTER_API_KEY: 'sk-or-e2e',
      OPENROUTER_BASE_URL: fake.openRouterUrl,
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await fake?.close();
  });

  it('holds pages at the account cap, shows why, and sends them on when the cap is cleared', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    // The price is known once the start-up check has read the listing.
    await expect
      .poll(async () => {
        const q = `/api/ai-models/estimate/?model=${encodeURIComponent(MODEL)}&kind=homepage&pages=1`;
        return (await api<{ priced: boolean }>(stack, token, q)).priced;
      })
      .toBe(true);
    await api(stack, token, '/auth/me/', {
      method: 'PATCH',
      body: JSON.stringify({ spendingCapUsd: 0 }),
    });
    const id = await apiCreateProject(stack, token, {
      name: `Capped Roofing ${Date.now()}`,
      model: MODEL,
    });
    // Every page waits: not one call reached the model.
    await expect
      .poll(async () => {
        const detail = await apiProjectDetail(stack, token, id);
        return detail.status === 'Created' && detail.pages.every((p) => p.status === 'queued');
      })
      .toBe(true);
    expect(fake.completions).toHaveLength(0);

    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/project/${encodeURIComponent(id)}/detail`);
    const notice = page.getByTestId('spending-cap-notice');
    await notice.getByText(MSG.spendingCapReached).waitFor();
    expect(await notice.innerText()).toMatch(/\d+ pages wait for the cap to be raised/);
    const rows = page.getByRole('list', { name: 'Main pages' }).getByTestId('page-row');
    const about = rows.filter({ hasText: 'About Us' });
    await about.getByText('Waiting', { exact: true }).waitFor();
    expect(await about.getByTestId('held-reason').innerText()).toContain(MSG.spendingCapReached);
    await page.screenshot({ path: `${SHOTS}/spending-cap-held.png`, fullPage: true });

    // The profile shows the cap and the month; clearing it there sends the pages on.
    await page.goto('/profile');
    const spending = page.getByTestId('account-cap');
    await spending.getByText('$0').waitFor();
    await page.getByTestId('month-spend-held').waitFor();
    await page.screenshot({ path: `${SHOTS}/spending-cap-profile.png`, fullPage: true });
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const cap = page.getByLabel('Monthly spending cap (USD)');
    expect(await cap.inputValue()).toBe('0');
    await page.screenshot({ path: `${SHOTS}/spending-cap-profile-edit.png`, fullPage: true });
    await cap.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('account-cap').getByText('No cap').waitFor();

    await page.goto(`/project/${encodeURIComponent(id)}/detail`);
    await page
      .locator('header h1 + [data-variant]')
      .filter({ hasText: /^Created$/ })
      .waitFor();
    await expect.poll(() => rows.filter({ hasText: 'Waiting' }).count()).toBe(0);
    await expect.poll(() => notice.count()).toBe(0);
    const detail = await apiProjectDetail(stack, token, id);
    expect(detail.pages.every((p) => p.status === 'Completed')).toBe(true);
    await context.close();
  });

  it('saves a project cap on the settings screen and shows the month against it', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const id = await apiCreateProject(stack, token, { name: `Budget Roofing ${Date.now()}` });
    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/projects/${encodeURIComponent(id)}/settings`);
    const cap = page.getByLabel('Monthly spending cap (USD)');
    await cap.waitFor();
    expect(await cap.inputValue()).toBe('');
    await cap.fill('12.345');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText(MSG.spendingCapInvalid).waitFor();
    await cap.fill('12.50');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText(MSG.settingsUpdated).waitFor();
    await page
      .getByTestId('month-spend')
      .getByText(/of \$12\.50 spent in/)
      .waitFor();
    await page.getByTestId('month-spend').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/spending-cap-settings.png`, fullPage: true });

    const { data } = await api<{ data: { spendingCapUsd: number | null } }>(
      stack,
      token,
      `/api/projects/${encodeURIComponent(id)}/settings/`,
    );
    expect(data.spendingCapUsd).toBe(12.5);
    await context.close();
  });
});
