import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCreateProject, apiSignIn, apiWaitForProject } from './helpers/api.ts';
import { toastTitled, SHOTS, signIn, waitForStatus } from './helpers/app.ts';
import { startStack, type Stack } from './helpers/stack.ts';
import { startSheetHost, type SheetHost } from '../apps/server/test/helpers/sheet-host.ts';
import { googleEnv } from '../apps/server/test/helpers/google.ts';
import { startFakeGoogle, type FakeGoogle } from '@cityforge/fakes/google';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };
// The client's file server speaks https with the test CA (apps/server/test/fixtures/photo-host):
// the server process trusts it as a machine trusts the public ones.
const TEST_CA = path.join(import.meta.dirname, '../apps/server/test/fixtures/photo-host/ca.pem');

const FIVE = [
  'City,State,ZIP,Jobs completed',
  'Austin,TX,78701,142',
  'Round Rock,TX,78664,30',
  'Georgetown,TX,78626,12',
  'Kyle,TX,78640,12',
  'Buda,TX,78610,7',
].join('\n');

describe('a linked sheet on the project screen', () => {
  let stack: Stack;
  let host: SheetHost;
  let google: FakeGoogle;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    host = await startSheetHost();
    google = await startFakeGoogle();
    stack = await startStack({
      ...googleEnv(google),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The file server is on this machine: trusted by name, as an operator would.
      FETCH_TRUSTED_HOSTS: '127.0.0.1',
      NODE_EXTRA_CA_CERTS: TEST_CA,
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await host?.close();
    await google?.close();
  });

  it('links a sheet, syncs it, shows the report and the runs, and applies a large removal once confirmed', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const id = await apiCreateProject(stack, token, { name: `Sheet Roofing ${Date.now()}` });
    await apiWaitForProject(stack, token, id);
    host.serve('/areas.csv', FIVE);

    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/project/${encodeURIComponent(id)}/detail`);
    const card = page.getByTestId('linked-sheet');
    await card.getByLabel('Sheet address').fill(host.url('/areas.csv'));
    await card.getByLabel('Sync').selectOption('daily');
    await card.getByRole('button', { name: 'Link sheet' }).click();
    await toastTitled(page, 'Sheet linked').waitFor();
    await card.getByText('Next sync:').waitFor();

    await card.getByRole('button', { name: 'Sync now' }).click();
    await toastTitled(page, 'Sheet synced').waitFor();
    const report = card.getByTestId('sheet-report');
    await report.waitFor();
    expect(await report.getByTestId('sheet-counts').innerText()).toMatch(/Added\s+5\s+Updated\s+0/);
    await expect.poll(() => card.getByTestId('sheet-run').count()).toBe(1);
    await waitForStatus(page, 'Created');
    await page.screenshot({ path: `${SHOTS}/linked-sheet-synced.png`, fullPage: true });

    // The client's sheet loses four of its five cities: the sync stops and asks.
    host.serve('/areas.csv', FIVE.split('\n').slice(0, 2).join('\n'));
    await card.getByRole('button', { name: 'Sync now' }).click();
    const waiting = card.getByTestId('sheet-waiting');
    await waiting.waitFor();
    expect(await waiting.innerText()).toContain('This sync would remove 4 cities of 5 cities');
    await waiting.getByRole('button', { name: 'Review and apply' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    expect(await dialog.innerText()).toContain('Buda, Georgetown, Kyle, Round Rock');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/linked-sheet-confirm-phone.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Apply sync' }).click();
    await waiting.waitFor({ state: 'detached' });
    await expect
      .poll(async () => report.getByTestId('sheet-counts').innerText())
      .toMatch(/Removed\s+4/);
    const runs = card.getByTestId('sheet-run');
    await expect.poll(() => runs.count()).toBe(3);
    expect(await runs.nth(0).innerText()).toMatch(/Applied\s+Your confirmation/);
    expect(await runs.nth(1).innerText()).toContain('Confirmed');
    await page.screenshot({ path: `${SHOTS}/linked-sheet-phone.png`, fullPage: true });
    await card.screenshot({ path: `${SHOTS}/linked-sheet-card-phone.png` });
    await page.setViewportSize({ width: 1280, height: 860 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/linked-sheet-confirmed.png`, fullPage: true });
    await card.screenshot({ path: `${SHOTS}/linked-sheet-card.png` });
    await context.close();
  });

  it('connects Google on the profile, then links and syncs a sheet that is not shared publicly', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const id = await apiCreateProject(stack, token, { name: `Private Sheet ${Date.now()}` });
    await apiWaitForProject(stack, token, id);
    const sheetId = '1PrivateClientSheet0123456789abcdefGHIJ';
    google.setSheet(sheetId, [
      { sheetId: 0, title: 'Notes', values: [['Not the areas']] },
      { sheetId: 7, title: 'Service areas', values: FIVE.split('\n').map((l) => l.split(',')) },
    ]);

    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/profile');
    const card = page.getByTestId('google-card');
    await card.getByText('Not connected').waitFor();
    // Google's consent screen (the fake signs in and agrees at once) sends the browser back.
    await card.getByRole('button', { name: 'Connect Google' }).click();
    await page.waitForURL(/\/profile\?google=connected$/);
    expect(await card.getByTestId('google-outcome').innerText()).toContain('Google is connected');
    expect(await card.getByTestId('google-status').innerText()).toContain('Connected');
    expect(google.grants()).toEqual(['authorization_code']);
    await page.screenshot({ path: `${SHOTS}/google-connected.png`, fullPage: true });

    await page.goto(`/project/${encodeURIComponent(id)}/detail`);
    const sheet = page.getByTestId('linked-sheet');
    // With Google offered, the form says private sheets are read through the owner's connection.
    await sheet
      .getByText(/a private one the project owner's connected Google account can open/)
      .waitFor();
    await sheet
      .getByLabel('Sheet address')
      .fill(`https://docs.google.com/spreadsheets/d/${sheetId}/edit#gid=7`);
    await sheet.getByRole('button', { name: 'Link sheet' }).click();
    await toastTitled(page, 'Sheet linked').waitFor();
    await sheet.getByRole('button', { name: 'Sync now' }).click();
    await toastTitled(page, 'Sheet synced').waitFor();
    expect(await sheet.getByTestId('sheet-counts').innerText()).toMatch(/Added\s+5\s+Updated\s+0/);
    expect(google.requests.map((r) => r.path)).toContain(
      `/v4/spreadsheets/${sheetId}/values/'Service areas'`,
    );
    await waitForStatus(page, 'Created');

    // Disconnecting revokes the grant at Google.
    await page.goto('/profile');
    await card.getByRole('button', { name: 'Disconnect Google' }).click();
    await page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog'))
      .getByRole('button', { name: 'Disconnect' })
      .click();
    await card.getByText('Not connected').waitFor();
    expect(google.liveRefreshTokens()).toEqual([]);
    await context.close();
  });
});
