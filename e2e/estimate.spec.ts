import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { OFFLINE_MODEL_ID, UPLOAD_DEFAULT_MODEL, type TEstimate } from '@cityforge/shared';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { SHOTS, signIn, waitForStatus } from './helpers/app.ts';
import { apiCreateProject, apiSignIn, apiWaitForProject } from './helpers/api.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };
/** In the catalogue; the fake's OpenRouter does not list it, so no price is known. */
const UNPRICED = 'meta-llama/llama-3.3-70b-instruct';

const CITIES_CSV = [
  'City,State,County,ZIP',
  'Austin,TX,,',
  'Round Rock,TX,,',
  'Boise,ID,,',
  '"Springfield",IL,"Sangamon, the county seat",',
].join('\n');

async function dropFiles(zone: Locator, files: { name: string; type: string; text: string }[]) {
  const transfer = await zone.page().evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File([f.text], f.name, { type: f.type }));
    return data;
  }, files);
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/** "$0.42" or "$0.0071" of a sentence, as numbers. */
const dollarsIn = (text: string) => [...text.matchAll(/\$([\d.,]+)/g)].map((m) => Number(m[1]));

describe('the cost of a run, shown before it starts', () => {
  let stack: Stack;
  let fake: FakeAi;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    fake = await startFakeAi({ models: [UPLOAD_DEFAULT_MODEL, 'openai/gpt-4o'] });
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

  it('shows the estimate in the upload dialog before uploading, per row of the CSV', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const id = await apiCreateProject(stack, token, { name: `Estimate Roofing ${Date.now()}` });
    const { page } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/project/${encodeURIComponent(id)}/detail`);
    await page.getByRole('button', { name: 'Create City Pages' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload File to Create City Pages' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Model').inputValue()).toBe(UPLOAD_DEFAULT_MODEL);
    const estimate = dialog.getByTestId('run-estimate');

    // No file yet: the price of one city page.
    await expect
      .poll(() => estimate.innerText())
      .toMatch(/^About \$[\d.]+–\$[\d.]+ for each city page with Claude 3\.7 Sonnet/);

    // A CSV: one city page per row, counted in the browser (a quoted comma is not a column).
    await dropFiles(dialog.getByTestId('file-drop-zone'), [
      { name: 'cities.csv', type: 'text/csv', text: CITIES_CSV },
    ]);
    await expect
      .poll(() => estimate.innerText())
      .toMatch(/^About \$0\.\d+–\$0\.\d+ for 4 city pages with Claude 3\.7 Sonnet \(OpenRouter\)$/);
    // The figures are the API's, for this project and 4 pages (two digits shown).
    const api = (await (
      await fetch(
        `${stack.baseURL}/api/ai-models/estimate/?model=${encodeURIComponent(UPLOAD_DEFAULT_MODEL)}&kind=city&pages=4&project=${encodeURIComponent(id)}`,
        { headers: { authorization: `Bearer ${token}` } },
      )
    ).json()) as TEstimate;
    expect(api.priced).toBe(true);
    const [low, high] = dollarsIn(await estimate.innerText());
    expect(low! / api.usd!.low).toBeCloseTo(1, 1);
    expect(high! / api.usd!.high).toBeCloseTo(1, 1);
    await page.screenshot({ path: `${SHOTS}/estimate-upload.png` });

    // The offline draft costs nothing and says so; a model without a price says that.
    await dialog.getByLabel('Model').selectOption(OFFLINE_MODEL_ID);
    await expect.poll(() => estimate.innerText()).toBe('Offline draft: $0, written on this server');
    await dialog.getByLabel('Model').selectOption(UNPRICED);
    await expect
      .poll(() => estimate.innerText())
      .toMatch(/^No price known for this model: about [\d.]+K–[\d.]+K tokens for 4 city pages/);
    await page.screenshot({ path: `${SHOTS}/estimate-upload-unpriced.png` });
  });

  it('shows the estimate of a new project, with its service pages as a range', async () => {
    const { page } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/projects/new');
    await page.getByLabel('Model').selectOption(UPLOAD_DEFAULT_MODEL);
    const estimate = page.getByTestId('run-estimate');
    await expect
      .poll(() => estimate.innerText())
      .toMatch(/^About \$0\.\d+–\$0\.\d+ for 3 pages with Claude 3\.7 Sonnet/);
    await page.getByRole('switch', { name: 'Create service pages' }).click();
    await expect
      .poll(() => estimate.innerText())
      .toMatch(/^About \$0\.\d+–\$0\.\d+ for 8–12 pages/);
    await page.screenshot({ path: `${SHOTS}/estimate-new-project.png`, fullPage: true });
  });

  it('prices Retry Project beforehand, and shows what the calls cost in dollars', async () => {
    const name = `Failing Roofing ${Date.now()}`;
    const allow = fake.failWhile(
      (call) =>
        JSON.stringify(call.messages).includes(name) &&
        JSON.stringify(call.messages).includes('Page: About Us'),
      { status: 401 },
    );
    try {
      const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
      const id = await apiCreateProject(stack, token, { name, model: UPLOAD_DEFAULT_MODEL });
      const { page } = await stack.newPage();
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.goto(`/project/${encodeURIComponent(id)}/detail`);
      await waitForStatus(page, 'Error');
      await page.getByRole('button', { name: 'Retry Project' }).waitFor();
      await expect
        .poll(() => page.getByTestId('run-estimate').innerText())
        .toMatch(
          // A range, or one figure when this project's own calls of that kind all cost the same.
          /^About \$[\d.]+(–\$[\d.]+)? for the failed page Retry Project writes again with Claude 3\.7 Sonnet/,
        );
      // Superusers see each call's cost beside its tokens.
      const usage = page.getByRole('table', { name: 'Project AI usage' });
      await usage.waitFor();
      const costs = await usage.locator('tbody tr td:nth-child(7)').allInnerTexts();
      expect(costs.length).toBeGreaterThan(0);
      for (const cost of costs) expect(cost).toMatch(/^\$0\.\d+$/);
      expect(await usage.locator('tfoot td').nth(4).innerText()).toMatch(/^\$0\.\d+$/);
      await page.screenshot({ path: `${SHOTS}/estimate-retry.png`, fullPage: true });
    } finally {
      allow();
    }
  });

  it('prices "Regenerate N similar pages" from the project\'s own city pages', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const id = await apiCreateProject(stack, token, {
      name: `Twin Roofing ${Date.now()}`,
      model: UPLOAD_DEFAULT_MODEL,
    });
    await apiWaitForProject(stack, token, id);
    // The fake provider writes the same text for every city: both pages come out too similar.
    const form = new FormData();
    form.append(
      'file',
      new Blob(['City,State\nAustin,TX\nBoise,ID\n'], { type: 'text/csv' }),
      'two.csv',
    );
    form.append('model', UPLOAD_DEFAULT_MODEL);
    const res = await fetch(`${stack.baseURL}/api/project/${encodeURIComponent(id)}/upload/`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(201);
    const { page } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/project/${encodeURIComponent(id)}/detail`);
    const regenerate = page.getByRole('button', { name: 'Regenerate 2 similar pages' });
    await regenerate.waitFor();
    await expect
      .poll(() => page.getByTestId('run-estimate').innerText())
      .toMatch(/^About \$[\d.]+(–\$[\d.]+)? for 2 similar pages with Claude 3\.7 Sonnet/);
    const api = (await (
      await fetch(
        `${stack.baseURL}/api/ai-models/estimate/?model=${encodeURIComponent(UPLOAD_DEFAULT_MODEL)}&kind=city&pages=2&project=${encodeURIComponent(id)}`,
        { headers: { authorization: `Bearer ${token}` } },
      )
    ).json()) as TEstimate;
    expect(api.basis).toBe('project');
    await page.screenshot({ path: `${SHOTS}/estimate-regenerate.png`, fullPage: true });
  });
});
