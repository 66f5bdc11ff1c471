import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MSG, OFFLINE_MODEL_ID } from '@cityforge/shared';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { createProject, openDetail, SHOTS, signIn, waitForStatus } from './helpers/app.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };
const OPENROUTER_MODEL = 'anthropic/claude-3.7-sonnet';
/** A full-page shot from the top, so the sticky app header is drawn where it belongs. */
async function fullShot(page: Page, file: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${file}`, fullPage: true });
}

function pageRows(page: Page): Locator {
  return page.getByRole('list', { name: 'Main pages' }).getByTestId('page-row');
}

describe('generation with the offline model', () => {
  let stack: Stack;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    stack = await startStack({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(() => stack?.stop());

  it('writes every page, previews the homepage sandboxed and follows a link inside it', async () => {
    const { page, context } = await stack.newPage();
    const name = `Lone Star Roofing ${Date.now()}`;
    await signIn(page, ADMIN.email, ADMIN.password);
    const card = await createProject(page, name, OFFLINE_MODEL_ID);
    const id = await openDetail(page, card, name);

    // Every page settles as completed: no failure, no pending badge, previews enabled.
    await waitForStatus(page, 'Created');
    await page.getByTestId('generation-banner').waitFor({ state: 'detached' });
    const rows = pageRows(page);
    expect(await rows.count()).toBe(3);
    const text = await rows.allInnerTexts();
    expect(text.join('\n')).toContain('About Us');
    expect(text.join('\n')).toContain('Contact Us');
    expect(text.join('\n')).not.toMatch(/Failed|Queued|In progress|Generation failed/i);
    for (const row of await rows.all()) {
      expect(await row.getByRole('link', { name: 'Preview' }).count()).toBe(1);
    }

    // The card's View opens the homepage preview in a new tab.
    await page.getByRole('link', { name: 'Back to Projects' }).click();
    await page.waitForURL('**/projects');
    const view = card.getByRole('link', { name: 'View' });
    await view.waitFor();
    const tab = context.waitForEvent('page');
    await view.click();
    const preview = await tab;
    await preview.waitForURL(`**/project/${encodeURIComponent(id)}/homepage`);
    const frameElement = preview.getByTestId('preview-frame');
    await frameElement.waitFor();
    const sandbox = (await frameElement.getAttribute('sandbox')) ?? '';
    const tokens = sandbox.split(/\s+/);
    expect(tokens).toContain('allow-scripts');
    expect(tokens).not.toContain('allow-same-origin');

    const frame = preview.frameLocator('iframe[data-testid="preview-frame"]');
    await frame.getByRole('heading', { level: 1 }).waitFor();
    await frame.getByRole('heading', { name }).first().waitFor();
    await preview.screenshot({ path: `${SHOTS}/preview-homepage.png` });

    // A site link inside the frame is handed to the app, which shows that page's preview.
    const footer = frame.getByRole('navigation', { name: 'Footer' });
    await footer.getByRole('link', { name: 'About Us' }).click();
    await preview.waitForURL(`**/project/${encodeURIComponent(id)}/page/about-us`);
    // The title follows once the new page's data has loaded, a moment after the URL.
    await expect.poll(() => preview.getByTestId('preview-title').innerText()).toBe('About Us');
    await frame.getByRole('heading', { level: 1, name: `About ${name}` }).waitFor();
    await preview.screenshot({ path: `${SHOTS}/preview-about-us.png` });
    await context.close();
  });
});

describe('retrying a page the provider failed', () => {
  let stack: Stack;
  let fake: FakeAi;
  let allowAboutUs: () => void;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    fake = await startFakeAi();
    allowAboutUs = fake.failWhile(
      (call) => JSON.stringify(call.messages).includes('Page: About Us'),
      {
        status: 401,
      },
    );
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

  it('shows the failure with its reason, retries the page and completes', async () => {
    const { page, context } = await stack.newPage();
    const name = `Hill Country Roofing ${Date.now()}`;
    await signIn(page, ADMIN.email, ADMIN.password);
    const card = await createProject(page, name, OPENROUTER_MODEL);
    await openDetail(page, card, name);

    await waitForStatus(page, 'Error');
    const about = pageRows(page).filter({ hasText: 'About Us' });
    await about.getByText('OpenRouter rejected the API key.').waitFor();
    expect(await about.getByText('Failed', { exact: true }).count()).toBe(1);
    // Only About Us failed; the others were written by the provider with the server's key.
    const others = pageRows(page).filter({ hasNotText: 'About Us' });
    expect(await others.count()).toBe(2);
    expect((await others.allInnerTexts()).join('\n')).not.toContain('Failed');
    expect(fake.requests.every((r) => r.key === 'sk-or-e2e' && r.model === OPENROUTER_MODEL)).toBe(
      true,
    );
    expect(fake.requests.every((r) => r.path === '/api/v1/chat/completions')).toBe(true);
    await fullShot(page, 'detail-failed-page.png');

    allowAboutUs();
    await about.getByRole('button', { name: 'Retry', exact: true }).click();
    await page.getByText(MSG.pageRetryInitiated).waitFor();
    await waitForStatus(page, 'Created');
    await about.getByRole('link', { name: 'Preview' }).waitFor();
    expect(await about.getByText('OpenRouter rejected the API key.').count()).toBe(0);
    expect((await pageRows(page).allInnerTexts()).join('\n')).not.toMatch(/Failed|Retry/);
    expect(await page.getByRole('button', { name: 'Retry Project' }).count()).toBe(0);
    await fullShot(page, 'detail-after-retry.png');
    await context.close();
  });
});
