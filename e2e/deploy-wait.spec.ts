import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Response } from 'playwright-core';
import { MSG } from '@cityforge/shared';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { apiCreateProject, apiSignIn, apiWaitForProject } from './helpers/api.ts';
import { SHOTS, toastTitled } from './helpers/app.ts';
import { saveKeys, stepButton } from './helpers/publishing.ts';
import { signUpVerified, startStack, type Stack } from './helpers/stack.ts';

// The server holds a publish request PUBLISH_WAIT_SECONDS (1 here) and then answers 202 with
// the deploy still running; the fake Netlify keeps the deploy uploading until released.
let stack: Stack;
let netlify: FakeNetlify;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  stack = await startStack({ NETLIFY_API_URL: netlify.url, PUBLISH_WAIT_SECONDS: '1' });
});
afterAll(async () => {
  await stack?.stop();
  await netlify?.close();
});

/** The card's Deploy / Redeploy action (the step button "Deploy to Netlify" shares its name). */
const deployAction = (card: Locator, name: string) =>
  card.getByRole('button', { name, exact: true }).and(card.locator('button:not(li button)'));

describe('a deploy still running when its publish request is answered (202)', () => {
  it('keeps its progress, toasts success only once ready, and never loses the link', async () => {
    const { page, context } = await stack.newPage();
    const email = `waiting-${Date.now()}@example.com`;
    await signUpVerified(stack, page, email, 'waiting-pass-1');
    await page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/projects');
    await saveKeys(page);
    const token = await apiSignIn(stack, email, 'waiting-pass-1');
    const name = `Slow Deploy Roofing ${Date.now()}`;
    const id = await apiCreateProject(stack, token, { name });
    await apiWaitForProject(stack, token, id);
    await page.goto('/projects');
    const card = page.getByTestId('project-card').filter({ hasText: name });
    await card.waitFor();
    const isPublish202 = (res: Response) =>
      res.url().endsWith(`/api/projects/${id}/publish/`) && res.status() === 202;

    // First deploy: Netlify holds the upload, so the 202 arrives mid-upload.
    let gate = netlify.holdUploads();
    let answered = page.waitForResponse(isPublish202);
    await deployAction(card, 'Deploy to Netlify').click();
    await Promise.all([gate.reached, answered]);
    const progress = card.locator('[data-testid="deploy-progress"][data-state="uploading"]');
    await progress.waitFor();
    // Past the answer the deploy is still shown as running, and nothing claims success.
    await page.waitForTimeout(1500);
    expect(await progress.count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Deploying...' }).count()).toBe(1);
    expect(await toastTitled(page, MSG.deploymentSuccessful).count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/deploy-202-running.png` });

    gate.release();
    await toastTitled(page, MSG.deploymentSuccessful).waitFor();
    await deployAction(card, 'Redeploy to Netlify').waitFor();
    const link = card.getByRole('link', { name: 'Netlify', exact: true });
    const siteUrl = await link.getAttribute('href');
    expect(siteUrl).toMatch(/^https:\/\/[a-z0-9-]+\.netlify\.app\/?$/);
    expect(await stepButton(card, 'Deploy to Netlify (complete)').count()).toBe(1);

    // A redeploy with changed pages, answered 202 again: the link and step 1 stay as they are.
    const settings = await fetch(`${stack.baseURL}/api/projects/${id}/settings/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ trackingCodeHead: '<meta name="e2e-redeploy" content="1">' }),
    });
    expect(settings.status).toBe(200);
    await toastTitled(page, MSG.deploymentSuccessful).waitFor({ state: 'detached' });
    gate = netlify.holdUploads();
    answered = page.waitForResponse(isPublish202);
    await deployAction(card, 'Redeploy to Netlify').click();
    await Promise.all([gate.reached, answered]);
    await progress.waitFor();
    await page.waitForTimeout(1500);
    expect(await link.getAttribute('href')).toBe(siteUrl);
    expect(await stepButton(card, 'Deploy to Netlify (complete)').count()).toBe(1);
    expect(await toastTitled(page, MSG.deploymentSuccessful).count()).toBe(0);

    gate.release();
    await toastTitled(page, MSG.deploymentSuccessful).waitFor();
    await card.locator('[data-testid="deploy-progress"][data-state="ready"]').waitFor();
    expect(await link.getAttribute('href')).toBe(siteUrl);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/deploy-202-ready.png` });
    await context.close();
  });
});
