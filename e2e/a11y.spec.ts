import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, OFFLINE_MODEL_ID, type TProjectDetail } from '@cityforge/shared';
import { blockingViolations, expectAccessible, formatViolations } from './helpers/a11y.ts';
import { apiCreateProject, apiSignIn, apiUploadCities, apiWaitForProject } from './helpers/api.ts';
import { toastTitled, SHOTS, signIn, waitForEditor } from './helpers/app.ts';
import { signUpVerified, startStack, type Stack } from './helpers/stack.ts';

// axe-core on every screen of the app, in its main states (empty, filled, with validation
// errors) and with its dialogs open: no serious or critical violation anywhere.

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };
const PROJECT = 'Bluebonnet Roofing';
const CITIES_CSV = 'City,State\nAustin,TX\nRound Rock,TX\n';

let stack: Stack;
beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  stack = await startStack({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(() => stack?.stop());

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/a11y-${name}.png` });
}

describe('the check itself', () => {
  it('finds planted violations, and reports a colour it cannot read instead of passing', async () => {
    const { page, context } = await stack.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.evaluate(() => {
      const planted = document.createElement('div');
      planted.innerHTML = '<p style="color:#c8c8c8">Faint</p><button type="button"></button>';
      // Inside the white card: over the page's gradient axe could only say "needs review".
      document.querySelector('form')!.append(planted);
    });
    const ids = (await blockingViolations(page)).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(['color-contrast', 'button-name']));

    // Inside an editor canvas (generated content, audited elsewhere) the same is not reported.
    await page.evaluate(() => {
      document.querySelector('form > div:last-child')!.remove();
      const canvas = document.createElement('iframe');
      canvas.className = 'gjs-frame';
      canvas.title = 'Canvas';
      canvas.srcdoc = '<button type="button"></button>';
      document.querySelector('form')!.append(canvas);
    });
    await page.frameLocator('iframe.gjs-frame').locator('button').waitFor();
    expect(await blockingViolations(page)).toEqual([]);

    // A `none` hue (as Tailwind wrote zinc-50) makes axe skip contrast on the whole page.
    await page.evaluate(() => (document.body.style.background = 'oklch(0.985 0 none)'));
    const broken = (await blockingViolations(page)).find((v) => v.id === 'color-contrast');
    expect(broken && 'error' in broken).toBe(true);
    expect(formatViolations([broken!])).toContain('could not run: Unable to parse color');
    await context.close();
  });
});

describe('signed-out screens', () => {
  it('sign in, sign up, password reset and e-mail verification, empty and with errors', async () => {
    const { page, context } = await stack.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await expectAccessible(page, 'login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').first().waitFor();
    await expectAccessible(page, 'login, required fields');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('login-error').waitFor();
    await expectAccessible(page, 'login, wrong password');
    await shot(page, 'login-error');

    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expectAccessible(page, 'signup');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('alert').first().waitFor();
    await expectAccessible(page, 'signup, invalid fields');
    await shot(page, 'signup-errors');

    await page.goto('/request-password-reset');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await expectAccessible(page, 'request password reset');
    await page.getByRole('button', { name: /Send/ }).click();
    await page.getByRole('alert').first().waitFor();
    await expectAccessible(page, 'request password reset, required e-mail');

    await page.goto('/reset-password?token=no-such-token');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'reset password, invalid link');

    await page.goto('/verify-email?token=no-such-token');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'verify e-mail, invalid link');
    await context.close();
  });
});

describe('a new user', () => {
  it('plans, the empty project list with the API keys popup, profile and payment', async () => {
    const { page, context } = await stack.newPage();
    const email = `newcomer-${Date.now()}@example.com`;
    await signUpVerified(stack, page, email, 'newcomer-pass-1');
    await page.getByTestId('plan-free').waitFor();
    await expectAccessible(page, 'plans, no plan yet');
    await shot(page, 'plans');

    await page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/projects');
    await page.getByText(MSG.noProjects).waitFor();
    await expectAccessible(page, 'projects, empty list, no API keys');
    await page.getByRole('button', { name: 'Create Project' }).click({ force: true });
    await page.getByTestId('api-keys-popup').waitFor();
    await expectAccessible(page, 'projects, API keys popup');
    await shot(page, 'api-keys-popup');

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await page.getByText(email).first().waitFor();
    await expectAccessible(page, 'profile');
    await shot(page, 'profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First name').waitFor();
    await expectAccessible(page, 'profile, editing');

    await page.goto('/payment-success');
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await expectAccessible(page, 'payment success');
    await context.close();
  });
});

describe('a superuser', () => {
  let id = '';
  let detail: TProjectDetail;
  beforeAll(async () => {
    // One project with service pages and cities, written by the offline model.
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    id = await apiCreateProject(stack, token, {
      name: PROJECT,
      prompt: 'Family-owned roofing company in Austin, Texas.',
      contactPhoneNumber: '+1 512 555 0100',
      email: 'hello@bluebonnet.test',
      createServicePages: true,
    });
    await apiWaitForProject(stack, token, id);
    await apiUploadCities(stack, token, id, CITIES_CSV);
    detail = await apiWaitForProject(stack, token, id);
  });

  const enc = (value: string) => encodeURIComponent(value);

  it('project list and the new project form, empty, with errors and filled', async () => {
    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByTestId('project-card').first().waitFor();
    await expectAccessible(page, 'projects, list');
    await shot(page, 'projects');
    await page.getByLabel('Search projects').fill('no-such-project-anywhere');
    await page.getByText(MSG.noProjects).waitFor();
    await expectAccessible(page, 'projects, search without results');

    await page.goto('/projects/new');
    await page.getByRole('heading', { name: 'Create Project' }).waitFor();
    await expect.poll(() => page.getByLabel('Model').inputValue()).not.toBe('');
    await expectAccessible(page, 'new project');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await page.getByText(MSG.projectNameRequired).waitFor();
    await expectAccessible(page, 'new project, required fields');
    await shot(page, 'new-project-errors');
    await page.getByLabel('Name').fill('Second Roofing');
    await page.getByLabel('Service type').fill('Roofing');
    await page.getByLabel('Model').selectOption(OFFLINE_MODEL_ID);
    await page.getByRole('switch', { name: 'Create service pages' }).click();
    await expectAccessible(page, 'new project, filled');
    await context.close();
  });

  it('project detail with its dialogs, and project settings', async () => {
    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/project/${enc(id)}/detail`);
    await page.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
    await page.getByTestId('navigation-menu').getByRole('checkbox').first().waitFor();
    await expectAccessible(page, 'project detail');

    // Everything unfolded: page details, states and counties down to the cities.
    const folded = page.getByRole('button', { name: /^Show details of / });
    while ((await folded.count()) > 0) await folded.first().click();
    const closed = page.getByRole('list', { name: 'States' }).locator('[aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    await page.getByTestId('city-row').first().waitFor();
    await expectAccessible(page, 'project detail, expanded');
    await page.screenshot({ path: `${SHOTS}/a11y-detail.png`, fullPage: true });

    await page.getByRole('button', { name: 'Add Page' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Page' });
    await add.waitFor();
    await expectAccessible(page, 'add page dialog');
    await add.getByRole('button', { name: 'Add Page' }).click();
    await add.getByText(MSG.projectNameRequired).waitFor();
    await expectAccessible(page, 'add page dialog, required name');
    await shot(page, 'add-page-errors');
    await page.keyboard.press('Escape');
    await add.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Deploy to Domain' }).click();
    const guide = page.getByRole('dialog', { name: /Deploy|Domain|Guide/ });
    await guide.waitFor();
    await expectAccessible(page, 'deployment guide');
    await shot(page, 'deployment-guide');
    await page.keyboard.press('Escape');
    await guide.waitFor({ state: 'detached' });

    const aboutUs = page.getByTestId('page-row').filter({ hasText: 'About Us' });
    await aboutUs.getByRole('button', { name: 'Delete About Us' }).click();
    await page.getByRole('alertdialog').waitFor();
    await expectAccessible(page, 'delete page confirmation');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Create City Pages' }).click();
    const cities = page.getByRole('dialog', { name: 'Upload File to Create City Pages' });
    await cities.getByLabel('Model').waitFor();
    await expectAccessible(page, 'city pages dialog');
    await cities.getByLabel('Let AI handle the meta tags for you').uncheck();
    await cities.getByLabel('Custom meta tags').waitFor();
    await expectAccessible(page, 'city pages dialog, custom meta tags');
    await cities.getByLabel('Choose files').setInputFiles({
      name: 'more-cities.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('City,State\nBoise,ID\nSpringfield,\n'),
    });
    await cities.getByLabel('Let AI handle the meta tags for you').check();
    await cities.getByLabel('Model').selectOption(OFFLINE_MODEL_ID);
    await expectAccessible(page, 'city pages dialog, file chosen');
    await cities.getByRole('button', { name: 'Upload', exact: true }).click();
    await cities.getByTestId('upload-report').waitFor();
    await expectAccessible(page, 'city pages dialog, upload report');
    await shot(page, 'upload-report');
    await cities.getByRole('button', { name: 'Done' }).click();
    await cities.waitFor({ state: 'detached' });

    await page.goto(`/projects/${enc(id)}/settings`);
    await page.getByLabel('Meta Tags').waitFor();
    await expectAccessible(page, 'project settings');
    await shot(page, 'settings');
    await context.close();
  });

  it('previews of the homepage, a page, a service page and the service areas', async () => {
    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    const state = detail.states[0]!;
    const county = state.counties[0]!;
    const previews: [string, string][] = [
      ['homepage', `/project/${enc(id)}/homepage`],
      ['page', `/project/${enc(id)}/page/about-us`],
      ['service page', `/project/${enc(id)}/service/${enc(detail.servicePages[0]!.slug)}`],
      ['states', `/project/${enc(id)}/states`],
      ['counties', `/project/${enc(id)}/counties/${enc(state.id)}`],
      ['cities', `/project/${enc(id)}/cities/${enc(county.id)}`],
      ['city', `/project/${enc(id)}/city/${enc(county.cities[0]!.id)}`],
    ];
    for (const [name, path] of previews) {
      await page.goto(path);
      const frame = page.frameLocator('iframe[data-testid="preview-frame"]');
      await frame.getByRole('heading', { level: 1 }).waitFor();
      await expectAccessible(page, `preview of the ${name}`);
    }
    await shot(page, 'preview-city');
    await page.goto(`/project/${enc(id)}/counties/no-such-state`);
    await page.getByText(MSG.stateNotFound).waitFor();
    await expectAccessible(page, 'preview, unknown state');
    await context.close();
  });

  it('the visual editor with its settings panel and the HTML editor', async () => {
    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    const editors: [string, string][] = [
      ['homepage', `/projects/${enc(id)}/edit`],
      ['page', `/projects/${enc(id)}/page/about-us/edit`],
      ['service page', `/projects/${enc(id)}/service/${enc(detail.servicePages[0]!.slug)}/edit`],
      [
        'city',
        `/projects/${enc(id)}/city/${enc(detail.states[0]!.counties[0]!.cities[0]!.id)}/edit`,
      ],
    ];
    for (const [name, path] of editors) {
      await page.goto(path);
      await waitForEditor(page);
      await expectAccessible(page, `editor of the ${name}`);
    }
    await page.goto(editors[0]![1]);
    await waitForEditor(page);
    await shot(page, 'editor');
    // A selected block shows the regenerate box and the trait panel.
    const about = page.frameLocator('iframe.gjs-frame').locator('main#main section').first();
    await about.click({ position: { x: 8, y: 8 } });
    await page.getByRole('region', { name: MSG.regenerateSelected }).waitFor();
    await expectAccessible(page, 'editor, block selected');
    await shot(page, 'editor-selected');

    await page.getByRole('button', { name: 'Additional Settings' }).click();
    await page.getByRole('complementary', { name: 'Additional Settings' }).waitFor();
    await expectAccessible(page, 'editor, additional settings');
    await page.getByRole('button', { name: 'Close settings' }).click();

    await page.getByRole('button', { name: 'HTML Editor' }).click();
    const html = page.getByRole('dialog', { name: 'HTML Editor' });
    await html.getByRole('textbox', { name: 'HTML source' }).waitFor();
    await expectAccessible(page, 'HTML editor dialog');
    await shot(page, 'html-editor');
    await context.close();
  });

  it('simple upload, empty and with errors', async () => {
    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/upload');
    await page.getByRole('heading', { name: 'Upload locations' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'upload');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await toastTitled(page, MSG.noFilesSelected).waitFor();
    await expectAccessible(page, 'upload, no file toast');
    await page.getByLabel('Choose a file').setInputFiles({
      name: 'boise.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('City,State\nBoise,ID\n'),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(MSG.projectRequired.split(' - ')[1]!).waitFor();
    await expectAccessible(page, 'upload, project required');
    await shot(page, 'upload-errors');
    await context.close();
  });

  it('administration of users with its dialogs', async () => {
    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByTestId('admin-user-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'admin users');
    await shot(page, 'admin-users');

    await page.getByRole('button', { name: 'Create User' }).click();
    const form = page.getByRole('dialog', { name: 'Create User' });
    await form.getByLabel('First name').waitFor();
    await expectAccessible(page, 'create user dialog');
    await form.getByRole('button', { name: 'Create User' }).click();
    await form.getByRole('alert').first().waitFor();
    await expectAccessible(page, 'create user dialog, required fields');
    await shot(page, 'create-user-errors');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // The new user of the earlier test, or else the administrator, has a row of actions.
    const row = page.getByTestId('admin-user-row').first();
    const email = (await row
      .getByRole('button', { name: /^View / })
      .getAttribute('aria-label'))!.replace(/^View /, '');
    const dialogs: [string, RegExp][] = [
      [`Edit ${email}`, /^Edit /],
      [`Projects of ${email}`, /^Projects of /],
      [`Billing history of ${email}`, /^Billing history of /],
    ];
    for (const [button, name] of dialogs) {
      await row.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `admin dialog: ${button}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await row.getByRole('button', { name: `View ${email}` }).click();
    await page.getByTestId('user-details').waitFor();
    await expectAccessible(page, 'admin dialog: user details');
    await page.keyboard.press('Escape');

    const deletable = page.getByRole('button', { name: /^Delete / }).first();
    await deletable.click();
    await page.getByRole('alertdialog').waitFor();
    await expectAccessible(page, 'admin dialog: delete user');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await page.getByText(ADMIN.email).first().waitFor();
    await expectAccessible(page, 'profile of a superuser');
    await page.goto('/plans');
    await page.getByRole('heading', { name: 'Plans & Billing' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'plans of a superuser');
    await context.close();
  });
});
