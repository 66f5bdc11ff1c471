import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DNS_TXT_RECORD, MSG, OFFLINE_MODEL_ID } from '@cityforge/shared';
import { startFakeDns, type FakeDns } from '@cityforge/fakes/dns';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { createProject, toastTitled, SHOTS } from './helpers/app.ts';
import { saveKeys, stepButton } from './helpers/publishing.ts';
import { signUpVerified, startStack, type Stack } from './helpers/stack.ts';

const DOMAIN = 'lonestar-e2e.test';
/** "https://site-abc.netlify.app/" → "site-abc.netlify.app". */
const hostOf = (url: string) => new URL(url).host;

describe('publishing to Netlify and verifying a domain', () => {
  let stack: Stack;
  let netlify: FakeNetlify;
  let dns: FakeDns;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    netlify = await startFakeNetlify();
    dns = await startFakeDns();
    stack = await startStack({ NETLIFY_API_URL: netlify.url, DNS_SERVERS: dns.servers });
  });
  afterAll(async () => {
    await stack?.stop();
    await netlify?.close();
    await dns?.close();
  });

  it('deploys from the card, adds a domain, fails then passes its DNS check', async () => {
    const { page, context } = await stack.newPage();
    const email = `publisher-${Date.now()}@example.com`;
    await signUpVerified(stack, page, email, 'publisher-pass-1');
    await page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/projects');
    await saveKeys(page);
    await page.goto('/projects');
    const name = `Lone Star Publishing ${Date.now()}`;
    const card = await createProject(page, name, OFFLINE_MODEL_ID);
    await card.getByText('Created', { exact: true }).waitFor();
    expect(await card.getByTestId('deploy-percent').innerText()).toBe('25%');

    // Deploy: the spec's two toasts, then the card has its hosting link and sitemap.
    // The step button "Deploy to Netlify" (opens the guide) shares the action's name: the
    // action is the one outside the step list.
    const deploy = card
      .getByRole('button', { name: 'Deploy to Netlify', exact: true })
      .and(card.locator('button:not(li button)'));
    expect(await deploy.count()).toBe(1);
    await deploy.click();
    await toastTitled(page, MSG.deploymentStarted).waitFor();
    await toastTitled(page, MSG.deploymentSuccessful).waitFor();
    expect(await toastTitled(page, MSG.deploymentFailed).count()).toBe(0);
    await card.getByRole('button', { name: 'Redeploy to Netlify', exact: true }).waitFor();
    const netlifyLink = card.getByRole('link', { name: 'Netlify', exact: true });
    await netlifyLink.waitFor();
    const siteUrl = (await netlifyLink.getAttribute('href'))!;
    expect(siteUrl).toMatch(/^https:\/\/[a-z0-9-]+\.netlify\.app\/?$/);
    const host = hostOf(siteUrl);
    const sitemap = card.getByRole('link', { name: 'Sitemap', exact: true });
    expect(await sitemap.getAttribute('href')).toBe(`https://${host}/sitemap.xml`);
    const progress = card.getByTestId('deploy-progress');
    await progress.and(card.locator('[data-state="ready"]')).waitFor();
    expect(await progress.getByTestId('deploy-last').innerText()).toMatch(
      /^Last deploy: ready · \d+ files? uploaded of \d+/,
    );
    expect(await card.getByTestId('deploy-percent').innerText()).toBe('25%');
    expect(await stepButton(card, 'Deploy to Netlify (complete)').count()).toBe(1);

    // The fake received the files and published them on the site.
    expect(netlify.uploads.length).toBeGreaterThan(0);
    expect(netlify.sites.size).toBe(1);
    const published = netlify.publishedFiles(host);
    expect([...published.keys()]).toContain('/index.html');
    expect([...published.keys()]).toContain('/sitemap.xml');
    expect(published.get('/index.html')!.toString('utf8')).toContain(name);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/publish-card-deployed.png` });

    // The guide opens where the project is: a link but no domain is step 2.
    await card.getByRole('button', { name: 'Deploy to Domain' }).click();
    const guide = page.getByRole('dialog', { name: 'Website Deployment Guide' });
    await guide.waitFor();
    const stepTitle = guide.locator('#guide-step-title');
    expect(await stepTitle.innerText()).toBe('Step 2: Add Custom Domain');
    expect(await guide.locator('[aria-current="step"]').innerText()).toContain('2');
    await guide.getByLabel('Domain name').fill(DOMAIN);
    await guide.getByRole('button', { name: 'Update Domain' }).click();
    await toastTitled(page, MSG.domainUpdatedTitle).waitFor();
    await guide.getByTestId('guide-domain').filter({ hasText: DOMAIN }).waitFor();
    await guide.getByText('Not verified', { exact: true }).waitFor();
    // The site on Netlify has the domain and its www alias.
    expect(netlify.findSite(host)?.customDomain).toBe(DOMAIN);
    expect(netlify.findSite(host)?.domainAliases).toEqual([`www.${DOMAIN}`]);
    expect(await toastTitled(page, MSG.addCustomDomainFailed).count()).toBe(0);

    // Step 3: the records to add, then a check that finds none of them.
    await guide.getByRole('button', { name: 'Next' }).click();
    expect(await stepTitle.innerText()).toBe('Step 3: Verify Domain Ownership');
    const next = guide.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    const records = guide.getByRole('table', { name: 'DNS records' }).locator('tbody tr');
    expect((await records.allInnerTexts()).map((r) => r.split(/\s+/).join(' '))).toEqual([
      `TXT ${DNS_TXT_RECORD.name} ${DNS_TXT_RECORD.value}`,
      `CNAME www ${host}`,
      `CNAME @ ${host}`,
    ]);
    await guide.getByRole('button', { name: 'Verify Domain' }).click();
    await toastTitled(page, MSG.domainVerificationFailed).waitFor();
    const checks = guide.getByTestId('dns-checks');
    await checks.waitFor();
    expect(await checks.locator('[data-testid="dns-check"][data-ok="false"]').count()).toBe(3);
    expect(await checks.locator('[data-testid="dns-check"][data-ok="true"]').count()).toBe(0);
    const checkText = await checks.innerText();
    expect(checkText).toContain(`${DNS_TXT_RECORD.name}.${DOMAIN}`);
    expect(checkText).toContain(`www.${DOMAIN}`);
    expect(checkText).toContain(`No TXT record named ${DNS_TXT_RECORD.name} was found`);
    expect(checkText).toContain(`does not point to your Netlify site yet`);
    expect(await guide.getByText(MSG.domainNotVerified).count()).toBe(1);
    expect(await next.isDisabled()).toBe(true);
    await checks.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/publish-guide-step3-failed.png` });

    // The records arrive; the check passes and Next opens the last step.
    dns.zone(DOMAIN, { txt: DNS_TXT_RECORD.value, wwwCname: host, apexCname: host });
    await guide.getByRole('button', { name: 'Verify Domain' }).click();
    await toastTitled(page, MSG.domainVerifiedTitle).waitFor();
    await checks.locator('[data-testid="dns-check"][data-ok="false"]').waitFor({
      state: 'detached',
    });
    expect(await checks.locator('[data-testid="dns-check"][data-ok="true"]').count()).toBe(3);
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    expect(await stepTitle.innerText()).toBe('Step 4: Complete');
    await guide.getByRole('heading', { name: 'Deployment Complete' }).waitFor();
    const rows = guide.getByRole('listitem').filter({ has: page.getByRole('link') });
    const domainRow = rows.filter({ hasText: DOMAIN });
    const backupRow = rows.filter({ hasText: host });
    expect(await domainRow.getByText('Verified', { exact: true }).count()).toBe(1);
    expect(await backupRow.getByText('Backup', { exact: true }).count()).toBe(1);
    expect(await domainRow.getByRole('link').getAttribute('href')).toBe(`https://${DOMAIN}`);
    expect(await next.isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/publish-guide-step4.png` });

    // Closed, the card shows every step done and the sitemap on the verified domain.
    await guide.getByRole('button', { name: 'Close Guide' }).click();
    await guide.waitFor({ state: 'detached' });
    await card
      .getByTestId('deploy-percent')
      .filter({ hasText: /^100%$/ })
      .waitFor();
    for (const label of ['Deploy to Netlify', 'Add Domain', 'Verify Domain']) {
      expect(await stepButton(card, `${label} (complete)`).count()).toBe(1);
    }
    expect(await card.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe('100');
    expect(await sitemap.getAttribute('href')).toBe(`https://${DOMAIN}/sitemap.xml`);
    expect(await card.getByRole('link', { name: DOMAIN }).getAttribute('href')).toBe(
      `https://${DOMAIN}`,
    );
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/publish-card-complete.png` });
    await context.close();
  });
});
