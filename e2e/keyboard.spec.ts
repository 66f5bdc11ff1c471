import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, OFFLINE_MODEL_ID } from '@cityforge/shared';
import { toastTitled, SHOTS } from './helpers/app.ts';
import { expectFocusOn, expectFocusTrapped, focusInfo, retype, tabTo } from './helpers/keyboard.ts';
import { localPath, startStack, type Stack } from './helpers/stack.ts';

// The main flows with the keyboard alone: Tab, Shift+Tab, Enter, Space, Escape and typing.
// No clicks. Every stop the focus makes must show, and it must land where the user expects.

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };

let stack: Stack;
beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  stack = await startStack({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(() => stack?.stop());

/** The login form, typed: e-mail (focused on arrival), password, then Tab to Sign in. */
async function keyboardSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  // Arrival is when the form shows: the stored session is checked first, which can take
  // longer than the focus poll's second on a busy machine.
  await page.getByLabel('Email').waitFor();
  await expectFocusOn(page.getByLabel('Email'), 'the e-mail field on arrival');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expectFocusOn(page.getByLabel('Password'), 'the password field');
  await page.keyboard.type(password);
  await tabTo(page.getByRole('button', { name: 'Sign in' }));
  await page.keyboard.press('Enter');
}

/** The focus is on the screen's content (the <main> the skip link also leads to). */
async function expectMainFocused(page: Page) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
}

describe('keyboard only', () => {
  it('signs up, then signs in', async () => {
    const { page, context } = await stack.newPage();
    const email = `keys-${Date.now()}@example.com`;
    await page.goto('/signup');
    await expectFocusOn(page.getByLabel('Email'), 'the e-mail field on arrival');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expectFocusOn(page.getByLabel('Password', { exact: true }), 'the password field');
    await page.keyboard.type('keyboard-pass-1');
    await page.keyboard.press('Tab');
    await expectFocusOn(page.getByLabel('Confirm password'), 'the confirmation field');
    await page.keyboard.type('keyboard-pass-2');
    await tabTo(page.getByRole('button', { name: 'Sign up' }));
    await page.keyboard.press('Enter');
    // The form refuses, shows why and puts the focus on the field to fix.
    await page.getByText(MSG.passwordsMismatch).waitFor();
    await expectFocusOn(page.getByLabel('Confirm password'), 'the field in error');
    await retype(page, 'keyboard-pass-1');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');

    const mail = await stack.smtp.waitFor(email, /Verify/);
    await page.goto(localPath(mail.links.find((l) => l.includes('/verify-email?token='))!));
    await page.waitForURL('**/login');
    await keyboardSignIn(page, email, 'keyboard-pass-1');
    await page.waitForURL('**/plans');
    // Shift+Tab walks back through the page with the focus showing all the way.
    await tabTo(page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }));
    await tabTo(page.getByRole('button', { name: 'Logout' }), { back: true });
    await context.close();
  });

  it('creates a project, opens it, a dialog and a page preview, as a superuser', async () => {
    const { page, context } = await stack.newPage();
    const name = `Keyboard Roofing ${Date.now()}`;
    await keyboardSignIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/projects');
    await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
    // The pressed button went with the login screen: the focus waits on the new content.
    await expectMainFocused(page);

    // On a page load the first Tab reaches the skip link, shown on focus; it moves the focus
    // to the content.
    await page.reload();
    await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expectFocusOn(skip, 'the skip link');
    expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(20);
    await page.screenshot({ path: `${SHOTS}/keyboard-skip-link.png` });
    await page.keyboard.press('Enter');
    await expectMainFocused(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

    // New project: a bare submit puts the focus on the first field in error.
    await tabTo(page.getByRole('link', { name: 'Create Project' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/projects/new');
    const submit = page.getByRole('button', { name: 'Create Project' });
    await tabTo(submit);
    await page.keyboard.press('Enter');
    await page.getByText(MSG.projectNameRequired).waitFor();
    await expectFocusOn(page.getByLabel('Name'), 'the name in error');

    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await expectFocusOn(page.getByLabel('Service type'), 'the service type');
    await page.keyboard.type('Roofing');
    await page.keyboard.press('Tab');
    const model = page.getByLabel('Model');
    await expectFocusOn(model, 'the model');
    // A closed select picks the option whose name is typed.
    await page.keyboard.type('Offline');
    await expect.poll(() => model.inputValue()).toBe(OFFLINE_MODEL_ID);
    await page.keyboard.press('Tab');
    await expectFocusOn(page.getByLabel('Prompt'), 'the prompt');
    await page.keyboard.type('Family-owned roofing company in Austin, Texas.');
    const services = page.getByRole('switch', { name: 'Create service pages' });
    await tabTo(services);
    await page.keyboard.press('Space');
    expect(await services.getAttribute('aria-checked')).toBe('true');
    await tabTo(submit);
    await page.keyboard.press('Enter');
    await toastTitled(page, MSG.projectCreated).waitFor();
    await page.waitForURL('**/projects');

    // Its detail, from the card's name link.
    const card = page.getByTestId('project-card').filter({ hasText: name });
    await card.getByText('Created', { exact: true }).waitFor();
    await tabTo(card.getByRole('link', { name }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/project/*/detail');
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await expectMainFocused(page);

    // A dialog: the focus goes in, stays in, and Escape gives it back to the trigger.
    const addPage = page.getByRole('button', { name: 'Add Page' });
    await tabTo(addPage);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add New Page' });
    await dialog.waitFor();
    await expectFocusOn(dialog.getByLabel('Name'), 'the dialog’s first field');
    await expectFocusTrapped(dialog);
    await page.screenshot({ path: `${SHOTS}/keyboard-add-page.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocusOn(addPage, 'Add Page again after Escape');

    // A confirmation: its buttons take the focus; Escape cancels back to the Delete button.
    const row = page.getByTestId('page-row').filter({ hasText: 'About Us' });
    const remove = row.getByRole('button', { name: 'Delete About Us' });
    await tabTo(remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await confirm.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectFocusTrapped(confirm, 4);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expectFocusOn(remove, 'Delete About Us again after Escape');
    expect(await row.count()).toBe(1);

    // The page preview opens in a new tab from its link.
    const tab = context.waitForEvent('page');
    await tabTo(row.getByRole('link', { name: 'Preview' }), { back: true });
    await page.keyboard.press('Enter');
    const preview = await tab;
    await preview.waitForURL('**/page/about-us');
    // A new tab loads the app and checks the session before the preview shows.
    await preview.getByTestId('preview-title').waitFor();
    await expect.poll(() => preview.getByTestId('preview-title').innerText()).toBe('About Us');
    // Its toolbar works from the keyboard: the width buttons toggle with Space.
    const phone = preview.getByRole('button', { name: 'Phone width' });
    await tabTo(phone);
    await preview.keyboard.press('Space');
    expect(await phone.getAttribute('aria-pressed')).toBe('true');
    await preview.screenshot({ path: `${SHOTS}/keyboard-preview-width.png` });
    await tabTo(preview.getByRole('link', { name: 'Back to project' }), { back: true });
    await preview.keyboard.press('Enter');
    await preview.waitForURL('**/project/*/detail');
    await context.close();
  });

  it('searches users and creates one in the administration', async () => {
    const { page, context } = await stack.newPage();
    await keyboardSignIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/projects');
    await expectMainFocused(page);
    // The header comes before the content: back up to its Users link.
    await tabTo(page.getByRole('link', { name: 'Users' }), { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/users');
    await page.getByTestId('admin-user-row').first().waitFor();

    const search = page.getByRole('searchbox', { name: 'Search users' });
    await tabTo(search);
    await page.keyboard.type('nobody-by-this-name');
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(0);
    await retype(page, 'owner@');
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(1);

    const create = page.getByRole('button', { name: 'Create User' });
    await tabTo(create, { back: true });
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Create User' });
    await form.waitFor();
    await expectFocusOn(form.getByLabel('First name'), 'the dialog’s first field');
    const email = `ada-${Date.now()}@example.com`;
    for (const [label, text] of [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Email', email],
      ['Password', 'engine-pass-1'],
      ['Confirm password', 'engine-pass-1'],
    ] as const) {
      await expectFocusOn(form.getByLabel(label, { exact: true }), label);
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    await expectFocusOn(form.getByRole('switch', { name: 'Admin Bypass' }), 'Admin Bypass');
    await page.screenshot({ path: `${SHOTS}/keyboard-create-user.png` });
    await expectFocusTrapped(form);
    await tabTo(form.getByRole('button', { name: 'Create User' }));
    await page.keyboard.press('Enter');
    await toastTitled(page, MSG.userCreated).waitFor();
    await form.waitFor({ state: 'detached' });
    await expectFocusOn(create, 'Create User again once the dialog closed');

    await tabTo(search);
    await retype(page, 'lovelace');
    // The search is debounced: the owner's row goes once the new term has been sent.
    await page.getByTestId('admin-user-row').filter({ hasText: 'owner@' }).waitFor({
      state: 'detached',
    });
    expect(await page.getByTestId('admin-user-row').allInnerTexts()).toEqual([
      expect.stringContaining(email),
    ]);
    // Typing kept the focus in the search box.
    expect((await focusInfo(page)).label).toMatch(/^input .*Search users/);
    await context.close();
  });
});
