import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import { toastTitled, SHOTS, signIn, waitForEditor } from './helpers/app.ts';
import {
  apiCreateProject,
  apiProjectDetail,
  apiSignIn,
  apiUploadCities,
  apiWaitForProject,
} from './helpers/api.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };

const NEW_HEADING = 'Austin Roof Repair, Checked by Hand';

const CSV = [
  'City,State,County,ZIP,Services',
  'Austin,TX,Travis,78701,"Roof Repair, Gutter Cleaning"',
  'Round Rock,TX,Williamson,78664,Roof Repair',
  'Kyle,TX,Hays,78640,',
].join('\n');

describe('service pages per city on the settings screen', () => {
  let stack: Stack;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    stack = await startStack({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('shows the count and the cost before turning them on, writes them, and edits one', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const id = await apiCreateProject(stack, token, {
      name: `High Ridge Roofing ${Date.now()}`,
      prompt: 'Roofers.\n- Roof Repair\n- Gutter Cleaning\n- Skylight Installation',
      createServicePages: true,
    });
    await apiUploadCities(stack, token, id, CSV);
    await apiWaitForProject(stack, token, id);

    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/projects/${encodeURIComponent(id)}/settings`);
    const toggle = page.getByRole('switch', { name: 'Make service pages per city' });
    await toggle.waitFor();
    const count = page.getByTestId('service-pages-count');
    await count.getByText('No service pages').waitFor();
    await toggle.click();
    // Austin offers two services, Round Rock one; Kyle names none, and "none" is in force.
    await count.getByText(/3 service pages in all; saving writes 3 new/).waitFor();
    await count
      .getByTestId('run-estimate')
      .getByText('Offline draft: $0, written on this server')
      .waitFor();
    await count.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/service-pages-settings.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await count.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/service-pages-settings-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });

    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText(MSG.settingsUpdated).waitFor();
    const detail = await apiWaitForProject(stack, token, id);
    const written = detail.states
      .flatMap((s) => s.counties.flatMap((c) => c.cities))
      .flatMap((c) => c.servicePages.map((p) => `${c.name}/${p.slug}:${p.status}`))
      .sort();
    expect(written).toEqual([
      'Austin/gutter-cleaning:Completed',
      'Austin/roof-repair:Completed',
      'Round Rock/roof-repair:Completed',
    ]);
    // Saved, the screen counts them as there, with nothing more to write.
    await page.reload();
    await count.getByText(/^3 service pages in all\./).waitFor();
    expect((await apiProjectDetail(stack, token, id)).status).toBe('Created');

    // The detail screen lists each city's service pages under it.
    await page.goto(`/project/${encodeURIComponent(id)}/detail`);
    // The tree opens state by state and county by county.
    const closed = page
      .getByRole('list', { name: 'States' })
      .locator('button[aria-expanded="false"]');
    await closed.first().waitFor();
    while ((await closed.count()) > 0) await closed.first().click();
    const austin = page.getByTestId('city-row').filter({ hasText: 'Austin' });
    const services = austin.getByTestId('city-services');
    await services.getByText('Roof Repair: Completed').waitFor();
    await services.getByText('Gutter Cleaning: Completed').waitFor();
    await austin.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/service-pages-detail.png`, fullPage: true });

    // A service page's badge opens that page in the editor, in a new tab.
    const badge = services.getByRole('link', { name: /Roof Repair: Completed/ });
    const href = (await badge.getAttribute('href'))!;
    expect(href).toMatch(/^\/projects\/[^/]+\/city\/[^/]+\/service\/roof-repair\/edit$/);
    const tab = context.waitForEvent('page');
    await badge.click();
    const editor = await tab;
    await editor.waitForURL(`**${href}`);
    await waitForEditor(editor);
    const title = await editor.getByTestId('editor-title').innerText();
    expect(title).toContain('Roof Repair');
    expect(title).toContain('Austin');
    await editor.getByText('Service in a city', { exact: true }).waitFor();
    const h1 = editor.frameLocator('iframe.gjs-frame').locator('main#main h1');
    expect((await h1.innerText()).trim()).not.toBe(NEW_HEADING);
    await editor.screenshot({ path: `${SHOTS}/service-pages-editor.png` });

    // Change the heading and save: the city's page for that service keeps it.
    await h1.dblclick();
    await editor
      .frameLocator('iframe.gjs-frame')
      .locator('main#main h1[contenteditable="true"]')
      .waitFor();
    await editor.keyboard.press('ControlOrMeta+A');
    await editor.keyboard.type(NEW_HEADING);
    await expect.poll(async () => (await h1.innerText()).trim()).toBe(NEW_HEADING);
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await toastTitled(editor, MSG.savedSuccessfully).waitFor();
    expect(await toastTitled(editor, MSG.saveFailed).count()).toBe(0);
    await editor.reload();
    await waitForEditor(editor);
    expect((await h1.innerText()).trim()).toBe(NEW_HEADING);
    await editor.screenshot({ path: `${SHOTS}/service-pages-editor-saved.png` });
    // The editor links the page's own preview.
    const preview = href.replace(/^\/projects\//, '/project/').replace(/\/edit$/, '');
    expect(await editor.getByTestId('editor-preview').getAttribute('href')).toBe(preview);
    await editor.close();

    // The detail screen still lists it, written; the city's other service page is untouched.
    await page.reload();
    await closed.first().waitFor();
    while ((await closed.count()) > 0) await closed.first().click();
    await services.getByText('Roof Repair: Completed').waitFor();
    await services.getByText('Gutter Cleaning: Completed').waitFor();

    // Its preview link beside the badge shows the saved page.
    await services.getByRole('link', { name: 'Preview the Roof Repair page of Austin' }).click();
    await page.waitForURL(`**${preview}`);
    const frame = page.frameLocator('iframe[data-testid="preview-frame"]');
    await frame.getByRole('heading', { level: 1, name: NEW_HEADING }).waitFor();
    await page.screenshot({ path: `${SHOTS}/service-pages-preview.png` });

    // Uploading more places with a Services column: the count and the cost come first.
    await page.goto(`/project/${encodeURIComponent(id)}/detail`);
    await page.getByRole('button', { name: 'Create City Pages' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload File to Create City Pages' });
    await dialog.getByLabel('Choose files').setInputFiles({
      name: 'more.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'City,State,County,ZIP,Services',
          'Buda,TX,Hays,78610,"Roof repairs; gutter cleaning"',
          'Lakeway,TX,Travis,78734,Skylight installation',
        ].join('\n'),
      ),
    });
    await dialog
      .getByTestId('upload-service-pages')
      .getByText(/makes 3 service pages .*monthly allowance/)
      .waitFor();
    await expect
      .poll(() => dialog.getByTestId('run-estimate').innerText())
      .toMatch(/Offline draft|2 city pages and 3 service pages/);
    await dialog.screenshot({ path: `${SHOTS}/service-pages-upload.png` });
    await context.close();
  });
});
