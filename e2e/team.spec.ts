import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BRAND, MSG, type TProjectDetail } from '@cityforge/shared';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { expectAccessible } from './helpers/a11y.ts';
import { apiCreateProject, apiProjectDetail, apiSignIn, apiWaitForProject } from './helpers/api.ts';
import { SHOTS, shoot, toastTitled } from './helpers/app.ts';
import { NETLIFY_TOKEN } from './helpers/publishing.ts';
import { localPath, signUpVerified, startStack, type Stack } from './helpers/stack.ts';

// An agency at work, in the browser: its owner brands the workspace, gives it its keys and
// invites an editor and a client; the client reviews in the agency's brand; the editor deploys
// what the client approved, and moves between the agency's workspace and their own.

const PASSWORD = 'e2e-secret';
const AGENCY = 'Lone Star Agency';
const ACCENT = '#0f766e';
const LOGO = 'https://brand.lonestar-agency.test/logo.png';
const PROJECT = 'Team Roofing';
const OPENROUTER_KEY = 'sk-or-v1-e2e-agency-key-0001';
const COMMENT = 'Please add our licence number to this page.';
// A 1×1 teal PNG: the logo, answered by the browser's route (nothing leaves the machine).
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const STEP_MS = 120_000;

let stack: Stack;
let netlify: FakeNetlify;
beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  netlify = await startFakeNetlify();
  stack = await startStack({ NETLIFY_API_URL: netlify.url });
});
afterAll(async () => {
  await stack?.stop();
  await netlify?.close();
});

/** A verified account on the Free plan, signed in on its projects screen. */
async function freeAccount(page: Page, email: string) {
  await signUpVerified(stack, page, email, PASSWORD);
  await page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL('**/projects');
}

/** The link of the invitation mailed to this address (a client's comes in the agency's name). */
async function invitationLink(email: string, subject = /^Join .+ on CityForge$/) {
  const mail = await stack.smtp.waitFor(email, subject);
  return localPath(mail.links.find((l) => l.includes('/invitations/'))!);
}

/** Opens the header's workspace switcher and chooses a workspace by name. */
async function switchTo(page: Page, name: string) {
  await page.getByTestId('workspace-switcher').click();
  await page.getByRole('menuitemradio', { name: new RegExp(`^${name}`) }).click();
  await toastTitled(page, MSG.workspaceSwitched).first().waitFor();
  await page.waitForURL('**/projects');
}

/** The switcher's words: the current workspace's name and the person's role there. */
const switcherText = (page: Page) =>
  page
    .getByTestId('workspace-switcher')
    .evaluate((button) =>
      [...button.querySelectorAll(':scope > span > span')].map((s) => s.textContent!.trim()),
    );

type Person = { email: string; context: BrowserContext; page: Page };
const people = {} as Record<'owner' | 'editor' | 'client', Person>;
let projectId = '';
let workspaceId = '';
let reviewed = { approved: '', changed: '' };
// One run's addresses: owner-, editor- and client-<stamp>@example.com.
const STAMP = Date.now();

describe('an agency, its editor and its client', () => {
  // A failed step leaves each person's screen behind, to see what they saw.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const [who, person] of Object.entries(people))
      if (!person.page.isClosed())
        await person.page.screenshot({ path: `${SHOTS}/failed-${who}.png`, fullPage: true });
  });

  it(
    'the owner brands the workspace, gives it its keys and invites an editor and a client',
    async () => {
      const owner = { email: `owner-${STAMP}@example.com`, ...(await stack.newPage()) };
      people.owner = owner;
      await freeAccount(owner.page, owner.email);
      const page = owner.page;
      await page.route(LOGO, (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: LOGO_PNG }),
      );

      // Workspace settings, from the header's menu: the brand, then the keys.
      await page.getByRole('button', { name: 'User', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Workspace settings' }).click();
      await page.waitForURL('**/workspace/settings');
      const branding = page.getByTestId('branding-form');
      await branding.getByLabel('Workspace name').fill(AGENCY);
      await branding.getByLabel('Logo address').fill(LOGO);
      await branding.getByLabel('Accent colour').fill(ACCENT);
      await branding.getByRole('button', { name: 'Save branding' }).click();
      await toastTitled(page, MSG.brandingSaved).waitFor();

      const keys = page.getByTestId('workspace-keys-form');
      await keys.getByLabel('Netlify access token').fill(NETLIFY_TOKEN);
      await keys.getByLabel('OpenRouter API key').fill(OPENROUTER_KEY);
      await keys.getByRole('button', { name: 'Save keys' }).click();
      await toastTitled(page, MSG.workspaceKeysSaved).waitFor();
      // Shown masked from now on.
      await expect
        .poll(() => keys.getByLabel('Netlify access token').inputValue())
        .toMatch(/^net•+oken$/);
      expect(await keys.getByLabel('OpenRouter API key').inputValue()).toMatch(/^sk-•+0001$/);
      expect(await page.locator('main').innerText()).not.toContain(NETLIFY_TOKEN);

      // With a key, the workspace may make projects: the agency's first one.
      const token = await apiSignIn(stack, owner.email, PASSWORD);
      projectId = await apiCreateProject(stack, token, { name: PROJECT });
      await apiWaitForProject(stack, token, projectId);
      await expectAccessible(page, 'workspace settings');
      await shoot(page, 'workspace-settings');

      // The Team screen: an editor and a client invited, an API token made.
      await page.getByRole('button', { name: 'User', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Team' }).click();
      await page.waitForURL('**/team');
      await page.getByRole('heading', { name: 'Team', exact: true }).waitFor();
      await page
        .getByRole('list', { name: 'Members' })
        .getByText(owner.email, { exact: true })
        .waitFor();
      const pending = page.getByRole('list', { name: 'Pending invitations' });
      for (const role of ['editor', 'client'] as const) {
        const email = `${role}-${STAMP}@example.com`;
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Role').selectOption(role);
        await page.getByRole('button', { name: 'Send invitation' }).click();
        await toastTitled(page, MSG.invitationSent).last().waitFor();
        await pending.getByText(email).waitFor();
      }
      await page.getByLabel('Token name').fill('Deploy script');
      await page.getByRole('button', { name: 'Create token' }).click();
      const shown = page.getByTestId('new-api-token');
      await shown.waitFor();
      expect(await shown.locator('code').textContent()).toMatch(/^cfk_/);
      await page.getByRole('list', { name: 'API tokens' }).getByText('Deploy script').waitFor();
      await shoot(page, 'team');
      const list = (await (
        await fetch(`${stack.baseURL}/api/workspaces/`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { id: string; own: boolean }[] };
      workspaceId = list.data.find((w) => w.own)!.id;
    },
    STEP_MS,
  );

  it(
    'the editor and the client accept from the mailed links',
    async () => {
      // The editor has an account of their own on the Free plan, and opens the link signed out.
      const editorEmail = `editor-${STAMP}@example.com`;
      const account = await stack.newPage();
      await freeAccount(account.page, editorEmail);
      await account.context.close();
      const editor = { email: editorEmail, ...(await stack.newPage()) };
      people.editor = editor;
      await editor.page.goto(await invitationLink(editorEmail));
      await editor.page.getByRole('heading', { name: `Join ${AGENCY}` }).waitFor();
      await editor.page.getByText(`You are invited as Editor (${editorEmail}).`).waitFor();
      await shoot(editor.page, 'invitation-signed-out');
      await editor.page.getByRole('link', { name: 'Sign in to accept' }).click();
      await editor.page.waitForURL('**/login?next=**');
      await editor.page.getByLabel('Email').fill(editorEmail);
      await editor.page.getByLabel('Password').fill(PASSWORD);
      await editor.page.getByRole('button', { name: 'Sign in' }).click();
      await editor.page.waitForURL('**/invitations/**');
      await editor.page.getByRole('button', { name: 'Accept invitation' }).click();
      await toastTitled(editor.page, MSG.invitationAccepted).waitFor();
      await editor.page.waitForURL('**/projects');
      await editor.page.getByTestId('project-card').filter({ hasText: PROJECT }).waitFor();
      // In two workspaces now: the header names the agency's and the editor's role there.
      await expect.poll(() => switcherText(editor.page)).toEqual(['Workspace:', AGENCY, 'Editor']);

      // The client signs up (no plan of their own) and accepts: their agency's view opens.
      const clientEmail = `client-${STAMP}@example.com`;
      const client = { email: clientEmail, ...(await stack.newPage()) };
      people.client = client;
      await client.page.route(LOGO, (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: LOGO_PNG }),
      );
      await signUpVerified(stack, client.page, clientEmail, PASSWORD);
      await client.page.goto(
        await invitationLink(
          clientEmail,
          new RegExp(`^${AGENCY} invited you to review your website$`),
        ),
      );
      await client.page.getByText(`You are invited as Client (${clientEmail}).`).waitFor();
      await client.page.getByRole('button', { name: 'Accept invitation' }).click();
      await client.page.waitForURL('**/review');
      await client.page.getByText('Nothing is shared with you yet.').waitFor();

      // The owner sees both among the members, nothing pending any more.
      const page = people.owner.page;
      await page.reload();
      const members = page.getByRole('list', { name: 'Members' });
      await members.getByText(editorEmail, { exact: true }).first().waitFor();
      await members.getByText(clientEmail, { exact: true }).first().waitFor();
      await page.getByText('No invitation is waiting for an answer.').waitFor();
    },
    STEP_MS,
  );

  it(
    'the owner shares the project with the client and requires their approval',
    async () => {
      const { page } = people.owner;
      const clientRow = page
        .getByRole('list', { name: 'Members' })
        .getByRole('listitem')
        .filter({ hasText: people.client.email });
      await clientRow.getByText('No project shared yet').waitFor();
      await clientRow
        .getByRole('button', { name: `Projects shared with ${people.client.email}` })
        .click();
      const dialog = page.getByRole('dialog', { name: /^Projects shared with / });
      await dialog.getByRole('checkbox', { name: PROJECT }).check();
      await toastTitled(page, MSG.projectShared).waitFor();
      await expect
        .poll(() => dialog.getByRole('checkbox', { name: PROJECT }).isChecked())
        .toBe(true);
      await shoot(page, 'team-share-projects');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await clientRow.getByText('1 project shared').waitFor();

      await page.goto(`/projects/${projectId}/settings`);
      await page.getByRole('switch', { name: 'Require client approval before publishing' }).click();
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await toastTitled(page, MSG.settingsUpdated).waitFor();
    },
    STEP_MS,
  );

  it(
    "the client reviews in the agency's brand: approves one page, asks for changes on another",
    async () => {
      const { page } = people.client;
      await page.goto('/review');
      const shell = page.getByTestId('branded-shell');
      await page.getByTestId('review-projects').getByRole('link', { name: PROJECT }).waitFor();
      // The agency's name, logo and colour; of CityForge only the small "Powered by".
      const logo = shell.getByRole('img', { name: AGENCY });
      await logo.waitFor();
      expect(await logo.getAttribute('src')).toBe(LOGO);
      await expect
        .poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBe(1);
      const border = await shell
        .locator('header')
        .evaluate((h) => getComputedStyle(h).borderBottomColor);
      expect(border).toBe('rgb(15, 118, 110)');
      expect(await page.getByTestId('powered-by').innerText()).toBe(`Powered by ${BRAND}`);
      const withoutFooter = async () =>
        (await page.locator('body').innerText()).replace(`Powered by ${BRAND}`, '');
      expect(await withoutFooter()).not.toContain(BRAND);
      expect(await page.title()).toBe(AGENCY);
      await expectAccessible(page, 'client review list');
      await shoot(page, 'client-review-list');

      await page.getByRole('link', { name: PROJECT }).click();
      await page.waitForURL(`**/review/${projectId}`);
      const rows = page.getByTestId('review-pages').getByRole('button');
      await rows.first().waitFor();
      const names = await page
        .getByTestId('review-pages')
        .locator('button > span:first-child')
        .allInnerTexts();
      expect(names.length).toBeGreaterThan(2);
      const [, approved, changed] = names as [string, string, string];
      const row = (name: string) => rows.filter({ has: page.getByText(name, { exact: true }) });

      await row(approved).click();
      await page.getByTestId('review-preview').waitFor();
      await page.getByRole('button', { name: 'Approve' }).click();
      await toastTitled(page, MSG.reviewRecorded).waitFor();
      await row(approved).getByText('Approved').waitFor();

      await row(changed).click();
      await page.getByLabel('Comment').fill(COMMENT);
      await shoot(page, 'client-review-page');
      await page.getByRole('button', { name: 'Request changes' }).click();
      await toastTitled(page, MSG.reviewRecorded).last().waitFor();
      await row(changed).getByText('Changes requested').waitFor();
      expect(await page.getByTestId('review-counts').innerText()).toBe(
        `${names.length - 2} awaiting review · 1 approved · 1 with changes requested`,
      );
      expect(await withoutFooter()).not.toContain(BRAND);

      // Staff screens are not the client's: the app sends them back to their view.
      await page.goto('/projects');
      await page.waitForURL('**/review');

      // Staff see the client's word on the project's detail screen.
      const owner = people.owner.page;
      await owner.goto(`/project/${projectId}/detail`);
      const card = owner.getByTestId('client-reviews');
      await card.getByText(`“${COMMENT}”`).waitFor();
      expect(await card.innerText()).toContain('1 approved · 1 with changes requested');
      await card.scrollIntoViewIfNeeded();
      await owner.screenshot({ path: `${SHOTS}/detail-client-reviews.png` });
      reviewed = { approved, changed };
    },
    STEP_MS,
  );

  it(
    "the editor deploys with the workspace's key; only the approved page is indexable",
    async () => {
      const { page } = people.editor;
      await page.goto('/projects');
      // The editor keeps no AI key of their own: the workspace's keys let them create projects.
      await page.getByRole('link', { name: 'Create Project' }).waitFor();
      expect(await page.getByTestId('create-project-disabled').count()).toBe(0);
      const card = page.getByTestId('project-card').filter({ hasText: PROJECT });
      const deploy = card
        .getByRole('button', { name: 'Deploy to Netlify', exact: true })
        .and(card.locator('button:not(li button)'));
      await deploy.click();
      await toastTitled(page, MSG.deploymentStarted).waitFor();
      await toastTitled(page, MSG.deploymentSuccessful).waitFor();
      const siteUrl = (await card
        .getByRole('link', { name: 'Netlify', exact: true })
        .getAttribute('href'))!;
      const host = new URL(siteUrl).host;

      const token = await apiSignIn(stack, people.owner.email, PASSWORD);
      const detail: TProjectDetail = await apiProjectDetail(stack, token, projectId);
      const files = netlify.publishedFiles(host);
      const sitemap = files.get('/sitemap.xml')!.toString('utf8');
      const pageFiles = [
        ...detail.pages.map((p) => ({
          name: p.name,
          file: p.slug === 'homepage' ? '/index.html' : `/${p.slug}.html`,
          url: p.slug === 'homepage' ? `https://${host}/` : `https://${host}/${p.slug}`,
        })),
        ...detail.servicePages.map((p) => ({
          name: p.name,
          file: `/services/${p.slug}.html`,
          url: `https://${host}/services/${p.slug}`,
        })),
      ];
      const indexable = pageFiles
        .filter(({ file }) => {
          const html = files.get(file)!.toString('utf8');
          return !html.includes('<meta name="robots" content="noindex">');
        })
        .map((p) => p.name);
      expect(indexable).toEqual([reviewed.approved]);
      const listed = pageFiles.filter((p) => sitemap.includes(`${p.url}</loc>`)).map((p) => p.name);
      expect(listed).toEqual([reviewed.approved]);
    },
    STEP_MS,
  );

  it(
    "the editor switches between their own workspace and the agency's; each tab keeps its own",
    async () => {
      const { page, context, email } = people.editor;
      const card = (p: Page) => p.getByTestId('project-card').filter({ hasText: PROJECT });
      await page.getByTestId('workspace-switcher').click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitemradio', { name: new RegExp(`^${AGENCY}`) }).waitFor();
      await expectAccessible(page, 'workspace switcher');
      await shoot(page, 'workspace-switcher');
      await page.keyboard.press('Escape');

      // Their own workspace: none of the agency's projects.
      await switchTo(page, email);
      await expect.poll(() => switcherText(page)).toEqual(['Workspace:', email, 'Owner']);
      await page.getByText(MSG.noProjects).waitFor();
      expect(await card(page).count()).toBe(0);

      // A second tab starts where the server's last choice is, and goes back to the agency.
      const second = await context.newPage();
      await second.goto('/projects');
      await expect.poll(() => switcherText(second)).toEqual(['Workspace:', email, 'Owner']);
      await switchTo(second, AGENCY);
      await card(second).waitFor();

      // The first tab stays in the editor's own workspace all the same.
      await page.reload();
      await page.getByText(MSG.noProjects).waitFor();
      expect(await switcherText(page)).toEqual(['Workspace:', email, 'Owner']);
      expect(await card(page).count()).toBe(0);
      people.editor = { ...people.editor, page: second };
      await page.close();
    },
    STEP_MS,
  );

  it(
    'an editor removed from the agency is moved back to their own workspace, told why',
    async () => {
      const { page, email } = people.editor;
      const token = await apiSignIn(stack, people.owner.email, PASSWORD);
      const members = (await (
        await fetch(`${stack.baseURL}/api/workspaces/${workspaceId}/members/`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { userId: string; email: string }[] };
      const editorId = members.data.find((m) => m.email === email)!.userId;
      const removed = await fetch(
        `${stack.baseURL}/api/workspaces/${workspaceId}/members/${editorId}/`,
        { method: 'DELETE', headers: { authorization: `Bearer ${token}` } },
      );
      expect(removed.status).toBe(200);

      // The tab still names the agency: on its next load the app finds it gone.
      await page.reload();
      await toastTitled(page, MSG.workspaceGone).waitFor();
      await page.getByText(`You are now in ${email}.`).waitFor();
      await page.waitForURL('**/projects');
      await page.getByText(MSG.noProjects).waitFor();
      // One workspace left: no switcher.
      await page.getByTestId('workspace-switcher').waitFor({ state: 'detached' });
      await shoot(page, 'workspace-removed');
      for (const person of Object.values(people)) await person.context.close();
    },
    STEP_MS,
  );
});
