import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@cityforge/shared';
import { apiCreateProject, apiSignIn } from './helpers/api.ts';
import { toastTitled } from './helpers/app.ts';
import { localPath, signUpVerified, startStack, type Stack } from './helpers/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.stop());

const PASSWORD = 'e2e-secret';
const SHOTS = '/tmp/e2e-shots';

/** A verified account on the Free plan, signed in on its projects screen. */
async function freeAccount(page: Page, email: string) {
  await signUpVerified(stack, page, email, PASSWORD);
  await page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL('**/projects', { timeout: 15_000 });
}

/** The page at desktop width, then at 390 px (a phone), back to desktop. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} fits a phone`).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 860 });
}

describe('the Team screen', () => {
  it('an owner invites an editor by e-mail; the editor signs in from the link, accepts, and sees the project', async () => {
    const ownerEmail = `owner-${Date.now()}@example.com`;
    const editorEmail = `editor-${Date.now()}@example.com`;
    const owner = await stack.newPage();
    await freeAccount(owner.page, ownerEmail);
    await apiCreateProject(stack, await apiSignIn(stack, ownerEmail, PASSWORD), {
      name: 'Team Roofing',
    });

    // The Team screen, from the header's menu.
    const page = owner.page;
    await page.getByRole('button', { name: 'User', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Team' }).click();
    await page.waitForURL('**/team');
    await page.getByRole('heading', { name: 'Team', exact: true }).waitFor();
    await page.getByRole('list', { name: 'Members' }).getByText(ownerEmail).waitFor();

    await page.getByLabel('Email').fill(editorEmail);
    await page.getByLabel('Role').selectOption('editor');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await toastTitled(page, MSG.invitationSent).waitFor();
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await pending.getByText(editorEmail).waitFor();

    await page.getByLabel('Token name').fill('Deploy script');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByTestId('new-api-token');
    await shown.waitFor();
    expect(await shown.locator('code').textContent()).toMatch(/^cfk_/);
    await page.getByRole('list', { name: 'API tokens' }).getByText('Deploy script').waitFor();
    await shoot(page, 'team');

    // The editor has an account on the Free plan, and opens the mailed link signed out.
    const account = await stack.newPage();
    await freeAccount(account.page, editorEmail);
    await account.context.close();
    const mail = await stack.smtp.waitFor(editorEmail, /^Join .+ on CityForge$/);
    const link = mail.links.find((l) => l.includes('/invitations/'))!;
    const editor = await stack.newPage();
    await editor.page.goto(localPath(link));
    await editor.page.getByRole('heading', { name: /^Join / }).waitFor();
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
    await editor.page.getByText('Team Roofing').first().waitFor();
    await editor.page.screenshot({ path: `${SHOTS}/team-editor-projects.png` });

    // The owner sees the editor among the members, the invitation no longer pending.
    await page.reload();
    await page.getByRole('list', { name: 'Members' }).getByText(editorEmail).waitFor();
    await expect.poll(() => pending.getByText(editorEmail).count()).toBe(0);
    await owner.context.close();
    await editor.context.close();
  });
});
