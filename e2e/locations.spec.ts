import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MSG, OFFLINE_MODEL_ID, UPLOAD_DEFAULT_MODEL } from '@cityforge/shared';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import {
  createProject,
  toastTitled,
  openDetail,
  SHOTS,
  signIn,
  waitForStatus,
} from './helpers/app.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };

// Real places: the geography is offline (GeoNames), so these resolve the same on every machine.
// Springfield has no state: a dozen states have one, so the upload must report it, not guess.
const CITIES_CSV = [
  'City,State,County,ZIP',
  'Austin,TX,,',
  'Round Rock,TX,,',
  'Boise,ID,,',
  'Springfield,,,',
].join('\n');

/** Drops files on the dialog's drop zone the way a browser does: a drop with a DataTransfer. */
async function dropFiles(zone: Locator, files: { name: string; type: string; text: string }[]) {
  const transfer = await zone.page().evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File([f.text], f.name, { type: f.type }));
    return data;
  }, files);
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/** Opens every state and county of the City Pages tree. */
async function expandTree(page: Page) {
  const closed = page
    .getByRole('list', { name: 'States' })
    .locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

/** The row of the city of that name (other rows may mention it: "Too similar to Boise"). */
function cityRow(page: Page, name: string): Locator {
  return page.getByTestId('city-row').filter({
    has: page.getByTestId('city-name').filter({ hasText: new RegExp(`^${name}$`) }),
  });
}

/** Every city page written: nothing queued and the project back to Created. */
async function waitForCities(page: Page) {
  await page
    .getByTestId('queued-cities')
    .filter({ hasText: /^Queued: 0$/ })
    .waitFor();
  await waitForStatus(page, 'Created');
}

describe('city pages from a spreadsheet', () => {
  let stack: Stack;
  let fake: FakeAi;
  let allowBoise: () => void;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    fake = await startFakeAi();
    // The provider refuses the key for Boise's page only: the honest way a single city fails.
    allowBoise = fake.failWhile((call) => JSON.stringify(call.messages).includes('City: Boise'), {
      status: 401,
    });
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

  it('uploads cities with the offline model, reports the rows, previews, links and deletes', async () => {
    const { page, context } = await stack.newPage();
    const name = `Capital Roofing ${Date.now()}`;
    await signIn(page, ADMIN.email, ADMIN.password);
    const card = await createProject(page, name, OFFLINE_MODEL_ID);
    const id = await openDetail(page, card, name);
    await waitForStatus(page, 'Created');

    await page.getByRole('button', { name: 'Create City Pages' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload File to Create City Pages' });
    await dialog.waitFor();
    // The spec's Claude 3.7 Sonnet is usable here (the server has a model-router key).
    expect(await dialog.getByLabel('Model').inputValue()).toBe(UPLOAD_DEFAULT_MODEL);

    // Nothing chosen yet, then a file of the wrong type.
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await toastTitled(page, MSG.noFilesSelected).waitFor();
    const zone = dialog.getByTestId('file-drop-zone');
    await dropFiles(zone, [{ name: 'notes.txt', type: 'text/plain', text: 'hello' }]);
    await toastTitled(page, MSG.invalidFileType).waitFor();
    expect(await dialog.getByTestId('selected-file').count()).toBe(0);

    // The sample, as CSV, comes through the API client as a download.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Sample (CSV)' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
    await toastTitled(page, MSG.sampleDownloaded).waitFor();

    await dropFiles(zone, [{ name: 'cities.csv', type: 'text/csv', text: CITIES_CSV }]);
    const chosen = dialog.getByTestId('selected-file');
    expect(await chosen.count()).toBe(1);
    expect(await chosen.innerText()).toContain('cities.csv');
    expect(await chosen.innerText()).toContain(`${CITIES_CSV.length} Bytes`);

    // Custom meta tags: variables go in at the caret; then back to the AI's own.
    await dialog.getByLabel('Let AI handle the meta tags for you').uncheck();
    const meta = dialog.getByLabel('Custom meta tags');
    await meta.fill('<title>Roofing in </title>');
    await meta.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(18, 18));
    await dialog.getByRole('button', { name: 'Insert {city}' }).click();
    await dialog.getByRole('button', { name: 'Insert {state_id}' }).click();
    expect(await meta.inputValue()).toBe('<title>Roofing in {city}{state_id}</title>');
    await dialog.getByLabel('Let AI handle the meta tags for you').check();
    expect(await dialog.getByLabel('Custom meta tags').count()).toBe(0);

    await dialog.getByLabel('Model').selectOption(OFFLINE_MODEL_ID);
    await page.screenshot({ path: `${SHOTS}/upload-dialog.png` });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await toastTitled(page, MSG.uploadComplete).waitFor();
    const report = dialog.getByTestId('upload-report');
    await report.waitFor();
    const figures = await report.getByTestId('report-figure').allInnerTexts();
    expect(figures[0]).toMatch(/Rows imported\s+3\s+of 4 read/);
    expect(figures[1]).toMatch(/Cities added\s+3/);
    const ambiguous = report.getByTestId('report-ambiguous');
    expect(await ambiguous.innerText()).toMatch(/Line 5 · Springfield is in several states/);
    // Two dozen Springfields: the candidates fold away behind their count.
    await ambiguous.getByText(/^\d+ candidates$/).click();
    await ambiguous.getByText(/Springfield, IL.*; Springfield, MO/).waitFor();
    await page.screenshot({ path: `${SHOTS}/upload-report.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The tree fills in and every city is written by the offline model.
    await expandTree(page);
    await cityRow(page, 'Austin').waitFor();
    await waitForCities(page);
    await expandTree(page);
    for (const city of ['Austin', 'Round Rock', 'Boise']) {
      await cityRow(page, city).getByRole('link', { name: 'Preview' }).waitFor();
    }
    expect(await page.getByTestId('city-row').count()).toBe(3);

    // A city's preview: its page in the sandboxed frame, and site links stay in the previews.
    const tab = context.waitForEvent('page');
    await cityRow(page, 'Austin').getByRole('link', { name: 'Preview' }).click();
    const preview = await tab;
    await preview.waitForURL(`**/project/${encodeURIComponent(id)}/city/*`);
    const frame = preview.frameLocator('iframe[data-testid="preview-frame"]');
    await frame.getByRole('heading', { level: 1, name: /Austin/ }).waitFor();
    // The title follows once the new page's data has loaded, a moment after the URL.
    await expect.poll(() => preview.getByTestId('preview-title').innerText()).toBe('Austin, TX');
    await preview.screenshot({ path: `${SHOTS}/preview-city.png` });

    await frame.getByRole('link', { name: /^Every city we serve in/ }).click();
    await preview.waitForURL(`**/project/${encodeURIComponent(id)}/cities/*`);
    await frame.getByRole('link', { name: 'Austin' }).first().waitFor();
    await frame
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Service Areas' })
      .click();
    await preview.waitForURL(`**/project/${encodeURIComponent(id)}/states`);
    await frame.getByRole('link', { name: 'Texas' }).first().click();
    await preview.waitForURL(`**/project/${encodeURIComponent(id)}/counties/*`);
    // The title follows once the new page's data has loaded, a moment after the URL.
    await expect.poll(() => preview.getByTestId('preview-title').innerText()).toBe('Texas');
    await preview.screenshot({ path: `${SHOTS}/preview-state.png` });

    // Wrong addresses say so instead of failing.
    await preview.goto(`/project/${encodeURIComponent(id)}/counties/no-such-state`);
    await preview.getByText(MSG.stateNotFound).waitFor();
    await preview.close();

    // Delete a city through its confirmation.
    await cityRow(page, 'Round Rock').getByRole('button', { name: 'Delete Round Rock' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(MSG.cityDeleted).waitFor();
    await cityRow(page, 'Round Rock').waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows a city the provider failed, retries it and completes', async () => {
    const { page, context } = await stack.newPage();
    const name = `Gem State Roofing ${Date.now()}`;
    await signIn(page, ADMIN.email, ADMIN.password);
    const card = await createProject(page, name, UPLOAD_DEFAULT_MODEL);
    await openDetail(page, card, name);
    await waitForStatus(page, 'Created');

    await page.getByRole('button', { name: 'Create City Pages' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload File to Create City Pages' });
    await dialog.getByLabel('Choose files').setInputFiles({
      name: 'two-cities.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('City,State\nAustin,TX\nBoise,ID\n'),
    });
    // The preselected model is the provider's Claude 3.7 Sonnet.
    expect(await dialog.getByLabel('Model').inputValue()).toBe(UPLOAD_DEFAULT_MODEL);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByTestId('upload-report').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await expandTree(page);
    await waitForStatus(page, 'Error');
    await expandTree(page);
    const boise = cityRow(page, 'Boise');
    await boise.getByText('OpenRouter rejected the API key.').waitFor();
    await cityRow(page, 'Austin').getByRole('link', { name: 'Preview' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/city-failed.png`, fullPage: true });

    allowBoise();
    await boise.getByRole('button', { name: 'Retry', exact: true }).click();
    await page.getByText(MSG.cityRetryInitiated).waitFor();
    await waitForCities(page);
    await boise.getByRole('link', { name: 'Preview' }).waitFor();
    expect(await boise.getByText('OpenRouter rejected the API key.').count()).toBe(0);

    // The fake provider writes the same text for every city: once scored, both pages are
    // flagged as too similar to each other, and can be sent back to be written again.
    const regenerate = page.getByRole('button', { name: 'Regenerate 2 similar pages' });
    await regenerate.waitFor();
    expect(await cityRow(page, 'Austin').getByTestId('city-too-similar').innerText()).toContain(
      'Too similar to Boise',
    );
    expect(await cityRow(page, 'Austin').getByTestId('city-similarity').innerText()).toMatch(
      /^\d+% similar$/,
    );
    await page.screenshot({ path: `${SHOTS}/city-too-similar.png`, fullPage: true });
    await regenerate.click();
    await page.getByText(MSG.similarRegenerating).waitFor();
    await waitForCities(page);
    await context.close();
  });

  it('uploads from the simple upload screen to a chosen project', async () => {
    const { page, context } = await stack.newPage();
    const name = `Treasure Valley Roofing ${Date.now()}`;
    await signIn(page, ADMIN.email, ADMIN.password);
    await createProject(page, name, OFFLINE_MODEL_ID);

    await page.goto('/upload');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await toastTitled(page, MSG.noFilesSelected).waitFor();
    await page.getByLabel('Choose a file').setInputFiles({
      name: 'boise.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('City,State\nBoise,ID\nMeridian,ID\n'),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(MSG.projectRequired.split(' - ')[1]!).waitFor();

    await page.getByLabel('Search projects').fill('Treasure Valley');
    await page.getByLabel('Project', { exact: true }).selectOption({ label: name });
    // The simple upload sends the chosen model, not the project's own.
    await page.getByLabel('Model', { exact: true }).selectOption(OFFLINE_MODEL_ID);

    // A file none of whose rows is a US city imports nothing: no "Upload Complete", but the
    // reason for each row, and the form stays to try again.
    await page.getByLabel('Choose a file').setInputFiles({
      name: 'nowhere.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('City,State\nAtlantisville,TX\nSpringfield,\n'),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await toastTitled(page, MSG.simpleUploadFailed).waitFor();
    const refused = page.getByTestId('upload-report');
    await refused.getByRole('alert').filter({ hasText: 'No cities were imported' }).waitFor();
    expect(await refused.innerText()).toContain('City "Atlantisville" was not found in Texas');
    expect(await page.getByText(MSG.uploadComplete).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/upload-refused.png`, fullPage: true });

    await page.getByLabel('Choose a file').setInputFiles({
      name: 'boise.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('City,State\nBoise,ID\nMeridian,ID\n'),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await toastTitled(page, MSG.uploadComplete).waitFor();
    const report = page.getByTestId('upload-report');
    await report.waitFor();
    expect((await report.getByTestId('report-figure').allInnerTexts())[1]).toMatch(
      /Cities added\s+2/,
    );
    await page.screenshot({ path: `${SHOTS}/simple-upload.png`, fullPage: true });
    await page.getByRole('link', { name: `Open ${name}` }).click();
    await page.waitForURL('**/project/*/detail');
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await expandTree(page);
    await cityRow(page, 'Meridian').waitFor();
    await context.close();
  });
});
