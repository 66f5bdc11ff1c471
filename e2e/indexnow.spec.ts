import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { DNS_TXT_RECORD, MSG } from '@cityforge/shared';
import { startFakeDns, type FakeDns } from '@cityforge/fakes/dns';
import { startFakeIndexNow, type FakeIndexNow } from '@cityforge/fakes/indexnow';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { apiCreateProject, apiSignIn, apiWaitForProject } from './helpers/api.ts';
import { toastTitled, SHOTS } from './helpers/app.ts';
import { saveKeys } from './helpers/publishing.ts';
import { signUpVerified, startStack, type Stack } from './helpers/stack.ts';

const DOMAIN = 'indexnow-e2e.test';

let stack: Stack;
let netlify: FakeNetlify;
let dns: FakeDns;
let indexNow: FakeIndexNow;
beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  netlify = await startFakeNetlify();
  dns = await startFakeDns();
  // Keys are checked against the key file the fake Netlify serves for the domain.
  indexNow = await startFakeIndexNow({
    keyFile: (location) => {
      const site = netlify.findSite(location.host);
      return site
        ? (netlify.publishedFiles(site.id).get(location.pathname)?.toString() ?? null)
        : null;
    },
  });
  stack = await startStack({
    NETLIFY_API_URL: netlify.url,
    DNS_SERVERS: dns.servers,
    INDEXNOW_URL: indexNow.url,
  });
});
afterAll(async () => {
  await stack?.stop();
  await netlify?.close();
  await dns?.close();
  await indexNow?.close();
});

/** The card's Deploy / Redeploy action (the step button "Deploy to Netlify" shares its name). */
const deployAction = (card: Locator, name: string) =>
  card.getByRole('button', { name, exact: true }).and(card.locator('button:not(li button)'));

describe('IndexNow on the deploy line', () => {
  it('shows what a deploy to the verified domain told IndexNow', async () => {
    const { page, context } = await stack.newPage();
    const email = `indexnow-${Date.now()}@example.com`;
    await signUpVerified(stack, page, email, 'indexnow-pass-1');
    await page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/projects');
    await saveKeys(page);
    const token = await apiSignIn(stack, email, 'indexnow-pass-1');
    const name = `IndexNow Roofing ${Date.now()}`;
    const id = await apiCreateProject(stack, token, { name });
    await apiWaitForProject(stack, token, id);
    const api = (path: string, body?: object) =>
      fetch(`${stack.baseURL}/api/projects/${id}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body ?? {}),
      });

    // Set up through the API: a domain, a first deploy (on the Netlify address, so IndexNow
    // hears nothing), then the domain's records and its verification.
    expect((await api('domain/', { clientDomain: DOMAIN })).status).toBe(200);
    const first = await api('publish/');
    expect(first.status).toBe(200);
    const netlifyHost = new URL(((await first.json()) as { netlifyUrl: string }).netlifyUrl).host;
    expect(indexNow.submissions).toEqual([]);
    dns.zone(DOMAIN, { txt: DNS_TXT_RECORD.value, wwwCname: netlifyHost, apexCname: netlifyHost });
    const verified = await api('verify-domain/');
    expect(((await verified.json()) as { verified: boolean }).verified).toBe(true);

    // The redeploy from the card: every page now names the domain, so every page is told.
    await page.goto('/projects');
    const card = page.getByTestId('project-card').filter({ hasText: name });
    await card.waitFor();
    expect(await card.getByTestId('deploy-indexnow').count()).toBe(0);
    await deployAction(card, 'Redeploy to Netlify').click();
    await toastTitled(page, MSG.deploymentSuccessful).waitFor();
    const line = card.getByTestId('deploy-indexnow');
    await line.waitFor();
    const [told] = indexNow.submissions;
    expect(told?.status).toBe(200);
    const pages = told!.urlList.length;
    expect(pages).toBeGreaterThan(3);
    expect(told!.urlList).toContain(`https://${DOMAIN}/`);
    const text = `IndexNow: ${pages} URLs sent (${pages} changed), accepted`;
    expect(await line.innerText()).toBe(text);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/indexnow-deploy-line.png` });

    // The project's detail screen shows the same line under its deploy line.
    await page.goto(`/project/${id}/detail`);
    await page.getByTestId('deploy-indexnow').waitFor();
    expect(await page.getByTestId('deploy-indexnow').innerText()).toBe(text);
    await context.close();
  });
});
