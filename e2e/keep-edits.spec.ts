import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MSG, type TEditorView } from '@cityforge/shared';
import { startFakeAi, type FakeAi, type FakePageContent } from '@cityforge/fakes/openai';
import { apiCreateProject, apiSignIn, apiWaitForProject } from './helpers/api.ts';
import { SHOTS, signIn, waitForStatus } from './helpers/app.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };
const MODEL = 'anthropic/claude-3.7-sonnet';
const OWNER_WORDS = 'We have re-roofed 300 homes on the east side since 1998.';

/** Every page reads alike; `wording` is what the next pages the model writes say. */
let wording = 'first';
function pageContent(w: string): FakePageContent {
  return {
    meta: {
      title: `Roofing done right, ${w} edition`,
      description: `Repairs, new roofs and inspections by a ${w} local crew that shows up on time and cleans up before it leaves.`,
    },
    hero: {
      heading: 'Local roofers you can count on',
      subheading: `Our ${w} team repairs leaks and storm damage the same week you call.`,
      ctaLabel: 'Get a quote',
    },
    sections: [
      {
        type: 'text',
        heading: 'About our crew',
        paragraphs: [`The ${w} crew has fixed roofs for many years, always with clear prices.`],
      },
      {
        type: 'faq',
        heading: 'Questions people ask',
        items: [{ question: 'Is the quote free?', answer: 'Yes, every quote is free.' }],
      },
      {
        type: 'cta',
        heading: 'Book a visit',
        text: `Call the ${w} crew today and we will find a time this week.`,
        buttonLabel: 'Call us',
      },
    ],
  };
}

async function api<T>(stack: Stack, token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${stack.baseURL}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The row of the city of that name in the City Pages tree. */
function cityRow(page: Page, name: string): Locator {
  return page.getByTestId('city-row').filter({
    has: page.getByTestId('city-name').filter({ hasText: new RegExp(`^${name}$`) }),
  });
}

describe('edits that survive regeneration', () => {
  let stack: Stack;
  let fake: FakeAi;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    fake = await startFakeAi({ respond: () => JSON.stringify(pageContent(wording)) });
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

  it('retries an edited city with "Replace my edits too" and picks the regenerated page side by side', async () => {
    // Setup through the API: a written city page, edited by hand, whose regeneration failed.
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const name = `Hill Country Roofing ${Date.now()}`;
    const id = await apiCreateProject(stack, token, { name, model: MODEL });
    await apiWaitForProject(stack, token, id);
    const form = new FormData();
    form.append('file', new Blob(['City,State\nAustin,TX\n'], { type: 'text/csv' }), 'a.csv');
    form.append('model', MODEL);
    await api(stack, token, `/api/project/${id}/upload/`, { method: 'POST', body: form });
    const detail = await apiWaitForProject(stack, token, id);
    const austin = detail.states[0]!.counties[0]!.cities[0]!;
    const view = await api<TEditorView>(
      stack,
      token,
      `/api/projects/${id}/homepage/view/?city_id=${austin.id}`,
    );
    const before = 'The first crew has fixed roofs for many years, always with clear prices.';
    expect(view.page.content_html).toContain(before);
    const edited = view.page.content_html.replace(before, OWNER_WORDS);
    await api(stack, token, `/project/${id}/city/${austin.id}/save/`, {
      method: 'POST',
      body: JSON.stringify({
        html: edited,
        content_html: edited,
        meta_tags: view.page.meta_tags,
      }),
    });
    wording = 'second';
    const stop = fake.failWhile((call) => JSON.stringify(call.messages).includes('Page: Austin'), {
      status: 401,
    });
    await api(stack, token, `/api/projects/${id}/city/${austin.id}/regenerate/`, {
      method: 'POST',
    });
    await apiWaitForProject(stack, token, id);
    stop();

    // The owner retries the failed city and asks for their edits to be replaced too.
    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/project/${encodeURIComponent(id)}/detail`);
    await waitForStatus(page, 'Error');
    const closed = page
      .getByRole('list', { name: 'States' })
      .locator('button[aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    const row = cityRow(page, 'Austin');
    await row.getByText('OpenRouter rejected the API key.').waitFor();
    const tick = row.getByLabel('Replace my edits too');
    await tick.check();
    expect(await tick.isChecked()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/keep-edits-retry-tick.png`, fullPage: true });
    await row.getByRole('button', { name: 'Retry', exact: true }).click();
    await page.getByText(MSG.cityRetryInitiated).waitFor();
    await waitForStatus(page, 'Created');

    // The editor shows the page as the owner left it, and the regenerated one waiting.
    await page.goto(`/projects/${encodeURIComponent(id)}/city/${austin.id}/edit`);
    const frame = page.frameLocator('iframe.gjs-frame');
    await frame.locator('main#main h1').waitFor();
    await frame.getByText(OWNER_WORDS).waitFor();
    const bar = page.getByTestId('proposal-bar');
    await bar.waitFor();
    await bar.getByRole('button', { name: 'Compare and choose' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your page and the regenerated one' });
    await dialog.waitFor();
    const about = dialog
      .getByTestId('proposal-section')
      .filter({ has: page.getByRole('heading', { name: 'About our crew' }) });
    expect(await about.getAttribute('data-status')).toBe('changed');
    await about.getByText(OWNER_WORDS).waitFor();
    await about.getByText('The second crew has fixed roofs').waitFor();
    const faq = dialog
      .getByTestId('proposal-section')
      .filter({ has: page.getByRole('heading', { name: 'Questions people ask' }) });
    expect(await faq.getAttribute('data-status')).toBe('same');
    // The dialog's pop-in animation has ended: the shot shows it where it stays.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="dialog"]')].every((d) => !d.getAnimations().length),
    );
    await page.screenshot({ path: `${SHOTS}/keep-edits-compare.png` });

    await dialog.getByRole('button', { name: 'Use regenerated' }).click();
    await page.getByText(MSG.proposalUsed).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await bar.waitFor({ state: 'detached' });
    await frame.getByText('The second crew has fixed roofs').waitFor();
    expect(await frame.getByText(OWNER_WORDS).count()).toBe(0);
    await page.getByTestId('editor-save-state').filter({ hasText: 'All changes saved' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/keep-edits-picked.png` });

    // Nothing lost: the owner's page is among the versions, loadable back.
    await page.getByRole('button', { name: 'Additional Settings' }).click();
    const versions = page.getByTestId('versions');
    await versions.waitFor();
    expect(await versions.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});
