import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, OFFLINE_MODEL_ID } from '@cityforge/shared';
import { expectAccessible } from './helpers/a11y.ts';
import { dismissToast, toastTitled, SHOTS, signIn, waitForStatus } from './helpers/app.ts';
import { apiCreateProject, apiSignIn, apiWaitForProject } from './helpers/api.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };

// Two fact columns beside the place's own; Pflugerville's cells are blank: no facts of its own.
const CITIES_CSV = [
  'City,State,County,ZIP,Jobs completed,Customer quote',
  'Austin,TX,Travis,78701,142,"""Fixed the same afternoon."" - Maria G., Zilker"',
  'Round Rock,TX,Williamson,78664,57,',
  'Pflugerville,TX,Travis,78660,,',
].join('\n');

function cityRow(page: Page, name: string): Locator {
  return page.getByTestId('city-row').filter({
    has: page.getByTestId('city-name').filter({ hasText: new RegExp(`^${name}$`) }),
  });
}

async function expandTree(page: Page) {
  const tree = page.getByRole('list', { name: 'States' });
  await tree.waitFor();
  const closed = tree.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

/** Every city page written: nothing queued and the project back to Created. */
async function waitForCities(page: Page) {
  await page
    .getByTestId('queued-cities')
    .filter({ hasText: /^Queued: 0$/ })
    .waitFor();
  await waitForStatus(page, 'Created');
}

/** Opens a city's facts panel from its row. */
async function openFacts(page: Page, city: string): Promise<Locator> {
  await cityRow(page, city)
    .getByRole('button', { name: new RegExp(`^Facts of ${city}`) })
    .click();
  const panel = page.getByRole('dialog', { name: `Local proof for ${city}` });
  await panel.getByRole('button', { name: 'Save facts' }).waitFor();
  return panel;
}

async function factPairs(panel: Locator): Promise<[string, string][]> {
  const rows = panel.getByTestId('fact-row');
  const out: [string, string][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    out.push([
      await row.getByRole('textbox', { name: /^Name of fact/ }).inputValue(),
      await row.getByRole('textbox', { name: /^Value of fact/ }).inputValue(),
    ]);
  }
  return out;
}

describe('local proof on the detail screen', () => {
  let stack: Stack;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    stack = await startStack({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(() => stack?.stop());

  it('uploads facts, edits them in the panel, rewrites the changed pages and exports them', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const id = await apiCreateProject(stack, token, { name: `Proof Roofing ${Date.now()}` });
    await apiWaitForProject(stack, token, id);
    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/project/${encodeURIComponent(id)}/detail`);

    // The upload dialog says what extra columns become, and the report counts what came in.
    await page.getByRole('button', { name: 'Create City Pages' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload File to Create City Pages' });
    expect(await dialog.getByTestId('fact-columns-hint').innerText()).toBe(
      'Any other column — Jobs completed, Customer quote, Crew lead — becomes a fact of that place.',
    );
    await dialog.getByLabel('Choose files').setInputFiles({
      name: 'cities.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CITIES_CSV),
    });
    await dialog.getByLabel('Model').selectOption(OFFLINE_MODEL_ID);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const facts = dialog.getByTestId('report-facts');
    await facts.waitFor();
    expect(await facts.innerText()).toBe(
      '3 facts came in for 2 cities (Jobs completed, Customer quote).',
    );
    await page.screenshot({ path: `${SHOTS}/local-proof-upload-report.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();

    const count = page.getByTestId('local-proof-count');
    await count.getByText('2 of 3 city pages have local proof').waitFor();
    await waitForCities(page);
    await expandTree(page);
    await cityRow(page, 'Austin').getByRole('button', { name: 'Facts of Austin (2)' }).waitFor();
    await cityRow(page, 'Pflugerville')
      .getByRole('button', { name: 'Facts of Pflugerville (0)' })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/local-proof-detail.png`, fullPage: true });

    // A fact named like a column of the sheet is refused on its row, and nothing typed is lost.
    let panel = await openFacts(page, 'Pflugerville');
    expect(await panel.getByTestId('fact-row').count()).toBe(0);
    await panel.getByRole('button', { name: 'Add a fact' }).click();
    await panel.getByRole('textbox', { name: 'Name of fact 1' }).fill('City');
    await panel.getByRole('textbox', { name: 'Value of fact 1' }).fill('Dana R.');
    await panel.getByLabel('Page title').fill('Roofing in Pflugerville, TX');
    await panel.getByRole('button', { name: 'Save facts' }).click();
    await toastTitled(page, MSG.factsSaveFailed).waitFor();
    await panel
      .getByRole('alert')
      .getByText('"City" is a column of its own in the sheet; name the fact otherwise.')
      .waitFor();
    expect(await factPairs(panel)).toEqual([['City', 'Dana R.']]);
    expect(await panel.getByLabel('Page title').inputValue()).toBe('Roofing in Pflugerville, TX');
    await panel.getByRole('textbox', { name: 'Name of fact 1' }).fill('Crew lead');
    // The photo's address is checked too, and its message lands under its field.
    const photo = panel.getByLabel('Photo address');
    await photo.fill('http://example.com/roof.jpg');
    await panel.getByRole('button', { name: 'Save facts' }).click();
    await panel
      .getByText(
        'Photo "http://example.com/roof.jpg" is not an https:// address; no photo was taken.',
      )
      .waitFor();
    expect(await photo.getAttribute('aria-invalid')).toBe('true');
    expect(await factPairs(panel)).toEqual([['Crew lead', 'Dana R.']]);
    await page.screenshot({ path: `${SHOTS}/local-proof-panel-error.png` });
    await photo.fill('');
    await panel.getByRole('button', { name: 'Save facts' }).click();
    await dismissToast(page, MSG.factsSaved);
    await panel.waitFor({ state: 'detached' });
    await count.getByText('3 of 3 city pages have local proof').waitFor();
    const pflugerville = cityRow(page, 'Pflugerville');
    await pflugerville.getByTestId('city-facts-changed').waitFor();
    // Its page (written without facts) is held for want of proof until the rewrite.
    await pflugerville
      .getByTestId('city-quality')
      .getByText("rewrite the changed pages to state Pflugerville's facts")
      .waitFor();

    // Edit one fact, remove another, add a third.
    panel = await openFacts(page, 'Austin');
    expect(await factPairs(panel)).toEqual([
      ['Jobs completed', '142'],
      ['Customer quote', '"Fixed the same afternoon." - Maria G., Zilker'],
    ]);
    await panel.getByRole('textbox', { name: 'Value of fact 1' }).fill('150');
    await panel.getByRole('button', { name: 'Remove Customer quote' }).click();
    await panel.getByRole('button', { name: 'Add a fact' }).click();
    await panel.getByRole('textbox', { name: 'Name of fact 2' }).fill('Local price');
    await panel.getByRole('textbox', { name: 'Value of fact 2' }).fill('$8,500 for a full roof');
    await panel.getByLabel('Photo address').fill('https://example.com/austin-roof.jpg');
    await page.screenshot({ path: `${SHOTS}/local-proof-panel.png` });
    await expectAccessible(page, 'facts panel');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/local-proof-panel-phone.png` });
    await page.setViewportSize({ width: 1280, height: 860 });
    await panel.getByRole('button', { name: 'Save facts' }).click();
    await toastTitled(page, MSG.factsSaved).waitFor();
    await cityRow(page, 'Austin').getByTestId('city-facts-changed').waitFor();

    // Kept: read again from the server after a reload.
    await page.reload();
    await expandTree(page);
    panel = await openFacts(page, 'Austin');
    expect(await factPairs(panel)).toEqual([
      ['Jobs completed', '150'],
      ['Local price', '$8,500 for a full roof'],
    ]);
    expect(await panel.getByLabel('Photo address').inputValue()).toBe(
      'https://example.com/austin-roof.jpg',
    );
    await panel.getByRole('button', { name: 'Cancel' }).click();
    const proof = page.getByRole('region', { name: 'Local proof' });
    // Below the sticky header.
    const showProof = () =>
      proof.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + scrollY - 80));
    await showProof();
    await page.screenshot({ path: `${SHOTS}/local-proof-section.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await showProof();
    await page.screenshot({ path: `${SHOTS}/local-proof-section-phone.png` });
    await page.screenshot({ path: `${SHOTS}/local-proof-detail-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });

    // The changed pages are marked until they are written again.
    await page.getByRole('button', { name: 'Rewrite 2 changed pages' }).click();
    await page.getByText(MSG.factsChangedRewriting).waitFor();
    await waitForCities(page);
    await expandTree(page);
    await cityRow(page, 'Austin').getByRole('link', { name: 'Preview' }).waitFor();
    await expect.poll(() => page.getByTestId('city-facts-changed').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Rewrite \d+ changed/ }).count()).toBe(0);

    // The export carries every fact column, ready to fill in and upload again.
    const download = page.waitForEvent('download');
    await page
      .getByRole('group', { name: 'Export cities' })
      .getByRole('button', { name: 'Export CSV' })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    const header = csv.split(/\r?\n/)[0]!;
    for (const column of ['City', 'State', 'Jobs completed', 'Local price', 'Crew lead'])
      expect(header).toContain(column);
    const austin = csv.split(/\r?\n/).find((line) => line.startsWith('Austin,'))!;
    expect(austin).toContain('150');
    expect(austin).toContain('$8,500 for a full roof');
    await toastTitled(page, MSG.exportDownloaded).waitFor();
    const workbook = page.waitForEvent('download');
    await page
      .getByRole('group', { name: 'Export cities' })
      .getByRole('button', { name: 'Export Excel' })
      .click();
    const xlsx = await workbook;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    // An .xlsx is a ZIP: it starts with the local file header's signature.
    expect(
      fs
        .readFileSync((await xlsx.path())!)
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
    await context.close();
  });
});
