import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { apiCreateProject, apiSignIn, apiUploadCities, apiWaitForProject } from './helpers/api.ts';
import { saveKeys } from './helpers/publishing.ts';
import { signUpVerified, startStack, type Stack } from './helpers/stack.ts';
import { SHOTS } from './helpers/app.ts';

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

const CSV = [
  'City,State,County,ZIP',
  'Austin,TX,Travis,78701',
  'Pflugerville,TX,Travis,78660',
  'Manor,TX,Travis,78653',
  'Round Rock,TX,Williamson,78664',
].join('\n');

describe('the redirects on the project screen', () => {
  it('lists the 301 a deleted city page left, at desktop and phone width', async () => {
    const { page, context } = await stack.newPage();
    const email = `redirects-${Date.now()}@example.com`;
    await signUpVerified(stack, page, email, 'redirects-pass-1');
    await page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/projects');
    await saveKeys(page);
    const token = await apiSignIn(stack, email, 'redirects-pass-1');
    const id = await apiCreateProject(stack, token, { name: `Redirect Roofing ${Date.now()}` });
    await apiUploadCities(stack, token, id, CSV);
    const detail = await apiWaitForProject(stack, token, id);
    const api = (method: string, path: string) =>
      fetch(`${stack.baseURL}/api/projects/${id}/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
      });

    // Published, then two cities deleted and published again: their addresses redirect.
    expect((await api('POST', 'publish/')).status).toBe(200);
    const travis = detail.states[0]!.counties.find((c) => c.slug === 'travis-county')!;
    for (const name of ['Pflugerville', 'Manor']) {
      const city = travis.cities.find((c) => c.name === name)!;
      expect((await api('DELETE', `city/${city.id}/`)).status).toBe(200);
    }
    expect((await api('POST', 'publish/')).status).toBe(200);

    await page.goto(`/project/${id}/detail`);
    const section = page.getByTestId('site-redirects');
    await section.getByTestId('site-redirect').first().waitFor();
    const rows = await section.getByTestId('site-redirect').allInnerTexts();
    expect(rows).toHaveLength(2);
    const county = '/states/texas/travis-county';
    expect(rows.join('\n')).toContain(`${county}/manor`);
    expect(rows.join('\n')).toContain(`${county}/pflugerville`);
    expect(await section.getByRole('heading').innerText()).toBe('Redirects (2)');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/redirects-desktop.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    // Nothing of the section runs off a phone's screen.
    const box = (await section.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await section.screenshot({ path: `${SHOTS}/redirects-phone.png` });
    await context.close();
  });
});
