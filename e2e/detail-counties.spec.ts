import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@cityforge/shared';
import { expectAccessible } from './helpers/a11y.ts';
import { SHOTS, signIn } from './helpers/app.ts';
import { apiCreateProject, apiSignIn, apiUploadCities, apiWaitForProject } from './helpers/api.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };

// Four cities, two counties: past DETAIL_INLINE_CITIES=2 the project is a "big" one, whose
// counties come with counts and their cities when opened (the default is 2,000; the setting is
// the server's own, so a small project stands in for a big one without thousands of rows).
const CITIES_CSV = [
  'City,State,County,ZIP',
  'Austin,TX,,',
  'Pflugerville,TX,,',
  'Round Rock,TX,,',
  'Georgetown,TX,,',
];

function treeRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.includes('/detail/')) seen.push(path.replace(/^\/api\/projects\/[^/]+/, ''));
  });
  return seen;
}

describe('a big project’s detail', () => {
  let stack: Stack;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    stack = await startStack({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DETAIL_INLINE_CITIES: '2',
    });
  });
  afterAll(() => stack?.stop());

  it('shows counties with counts and loads a county’s cities when it is opened', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const id = await apiCreateProject(stack, token, { name: `Hill Country Roofing ${Date.now()}` });
    await apiUploadCities(stack, token, id, CITIES_CSV.join('\n'));
    await apiWaitForProject(stack, token, id);

    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    const requests = treeRequests(page);
    // Held until the loading state has been seen, so the test does not race the answer.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/detail/counties/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/project/${encodeURIComponent(id)}/detail`);

    const tree = page.getByRole('list', { name: 'States' });
    await tree.getByRole('button', { name: /Texas \(TX\)\s*2 counties · 4 cities/ }).click();
    const travis = tree.getByRole('button', { name: /Travis County\s*2 cities/ });
    await travis.waitFor();
    await tree.getByRole('button', { name: /Williamson County\s*2 cities/ }).waitFor();
    expect(await page.getByTestId('city-row').count()).toBe(0);
    expect(requests).toEqual(['/detail/lean/']);

    await travis.click();
    const loading = page.getByTestId('county-loading');
    await loading.waitFor();
    expect(await loading.innerText()).toContain('Loading the cities of Travis');
    await page.screenshot({ path: `${SHOTS}/detail-county-loading.png` });
    await expectAccessible(page, 'project detail, a county loading');
    release();

    const names = page.getByTestId('city-name');
    await expect.poll(() => names.allInnerTexts()).toEqual(['Austin', 'Pflugerville']);
    await loading.waitFor({ state: 'detached' });
    const austin = page.getByTestId('city-row').filter({ hasText: 'Austin' });
    await austin.getByRole('link', { name: 'Preview' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/detail-county-open.png` });
    await expectAccessible(page, 'project detail, a county loaded');
    expect(requests.filter((r) => r.startsWith('/detail/counties/'))).toHaveLength(1);
    // The spec's whole tree is never what this screen asks for.
    expect(requests).not.toContain('/detail/');

    // Deleting a city refreshes the county it was fetched with, and the counts.
    await austin.getByRole('button', { name: 'Delete Austin' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(MSG.cityDeleted).waitFor();
    await expect.poll(() => names.allInnerTexts()).toEqual(['Pflugerville']);
    await tree.getByRole('button', { name: /Travis County\s*1 city/ }).waitFor();
    await context.close();
  });
});
