import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProjectMap } from '@cityforge/shared';
import { expectAccessible } from './helpers/a11y.ts';
import { SHOTS, signIn } from './helpers/app.ts';
import {
  apiCreateProject,
  apiSignIn,
  apiUpdateSettings,
  apiUploadCities,
  apiWaitForProject,
} from './helpers/api.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };

// Six cities far enough apart that their dots do not overlap, across four states.
const CITIES_CSV = [
  'City,State,County,ZIP',
  'Austin,TX,Travis,78701',
  'Dallas,TX,Dallas,75201',
  'Houston,TX,Harris,77002',
  'Denver,CO,Denver,80202',
  'Seattle,WA,King,98101',
  'Miami,FL,Miami-Dade,33130',
];
const COMPLETED = '#16a34a';
const HELD = '#d97706';

async function projectMap(stack: Stack, token: string, id: string): Promise<TProjectMap> {
  const res = await fetch(`${stack.baseURL}/api/projects/${id}/map/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: TProjectMap }).data;
}

/** The city tree is where it was first drawn (recorded by the page's init script). */
async function expectTreeStayed(page: Page) {
  const tree = page.getByRole('list', { name: 'States' });
  const top = await tree.evaluate((el) => el.getBoundingClientRect().top + scrollY);
  expect(await page.locator('body').getAttribute('data-first-tree-top')).toBe(String(top));
}

describe('the project map', () => {
  let stack: Stack;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    stack = await startStack({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(() => stack?.stop());

  it('draws a dot per city coloured by its status, and a dot opens its city’s preview', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const id = await apiCreateProject(stack, token, { name: `Map Roofing ${Date.now()}` });
    await apiUploadCities(stack, token, id, CITIES_CSV.join('\n'));
    await apiWaitForProject(stack, token, id);
    // The offline draft writes ~700 words a page: asking for 5,000 holds every page back…
    await apiUpdateSettings(stack, token, id, { qualityGate: { minWords: 5000 } });
    await expect
      .poll(async () => (await projectMap(stack, token, id)).cities.map((c) => c[5]))
      .toEqual(Array(6).fill('held'));
    // …and approving two publishes them: completed.
    const cities = (await projectMap(stack, token, id)).cities;
    const idOf = (name: string) => cities.find((c) => c[1] === name)![0];
    for (const name of ['Austin', 'Seattle']) {
      const res = await fetch(`${stack.baseURL}/api/projects/${id}/city/${idOf(name)}/approval/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ approved: true }),
      });
      expect(res.status).toBe(200);
    }

    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    // Where the city tree below the map is first drawn: it must not move when the map comes.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        const tree = document.querySelector('ul[aria-label="States"]');
        if (!tree) return;
        seen.disconnect();
        document.body.dataset.firstTreeTop = String(tree.getBoundingClientRect().top + scrollY);
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/project/${encodeURIComponent(id)}/detail`);
    const map = page.getByRole('img', { name: "Map of the project's cities" });
    await map.waitFor();
    const dots = map.locator('circle');
    expect(await dots.count()).toBe(6);

    const dot = (name: string) => map.locator(`circle[data-city-id="${idOf(name)}"]`);
    expect(await dot('Austin').locator('title').textContent()).toBe('Austin, TX — Completed');
    expect(await dot('Austin').getAttribute('fill')).toBe(COMPLETED);
    expect(await dot('Seattle').getAttribute('fill')).toBe(COMPLETED);
    expect(await dot('Denver').locator('title').textContent()).toBe('Denver, CO — Held back');
    for (const name of ['Dallas', 'Houston', 'Denver', 'Miami'])
      expect(await dot(name).getAttribute('fill')).toBe(HELD);
    const titles = await map.locator('circle title').allTextContents();
    expect(titles.sort()).toEqual([
      'Austin, TX — Completed',
      'Dallas, TX — Held back',
      'Denver, CO — Held back',
      'Houston, TX — Held back',
      'Miami, FL — Held back',
      'Seattle, WA — Completed',
    ]);
    // The outlines: the four states the project uses, and its six counties.
    expect(await map.locator('path[data-state]').count()).toBe(4);
    expect(await map.locator('path[data-county]').count()).toBe(6);
    // West to east on the page as on the ground.
    const x = async (name: string) => (await dot(name).boundingBox())!.x;
    expect(await x('Seattle')).toBeLessThan(await x('Denver'));
    expect(await x('Denver')).toBeLessThan(await x('Austin'));
    expect(await x('Houston')).toBeLessThan(await x('Miami'));

    const legend = page.getByRole('list', { name: 'Map legend' });
    expect(await legend.innerText()).toMatch(/Completed:\s*2[\s\S]*Held back:\s*4/);
    // The list view stays beside the map, where it was before the map loaded.
    await expectTreeStayed(page);

    await map.screenshot({ path: `${SHOTS}/project-map.png` });
    await page.screenshot({ path: `${SHOTS}/project-map-detail.png`, fullPage: true });
    await expectAccessible(page, 'project detail with its map');

    // A dot opens its city's preview in a new tab, as the row's Preview link does.
    const [preview] = await Promise.all([context.waitForEvent('page'), dot('Denver').click()]);
    await preview.waitForLoadState();
    expect(new URL(preview.url()).pathname).toBe(`/project/${id}/city/${idOf('Denver')}`);
    await preview.getByTestId('preview-frame').waitFor();
    await preview.close();

    // At phone width too: the map is drawn in the placeholder's box.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await map.waitFor();
    await expectTreeStayed(page);
    await page.screenshot({ path: `${SHOTS}/project-map-phone.png`, fullPage: true });
    await context.close();
  });
});
