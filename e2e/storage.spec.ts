import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, OFFLINE_MODEL_ID } from '@cityforge/shared';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { startFakeS3, type FakeS3 } from '@cityforge/fakes/s3';
import { createS3Store } from '../apps/server/src/lib/storage/s3-store.ts';
import { apiCreateProject, apiSignIn, apiWaitForProject } from './helpers/api.ts';
import { toastTitled, openDetail, SHOTS } from './helpers/app.ts';
import { NETLIFY_TOKEN } from './helpers/publishing.ts';
import { signUpVerified, startStack, type Stack } from './helpers/stack.ts';

describe('files in object storage', () => {
  let stack: Stack;
  let s3: FakeS3;
  let netlify: FakeNetlify;
  let ai: FakeAi;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    [s3, netlify, ai] = await Promise.all([startFakeS3(), startFakeNetlify(), startFakeAi()]);
    stack = await startStack({
      ...s3.env,
      APP_SECRET: randomBytes(32).toString('hex'),
      NETLIFY_API_URL: netlify.url,
      OPENAI_BASE_URL: ai.url,
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await Promise.all([s3?.close(), netlify?.close(), ai?.close()]);
  });

  it('a deploy and a download that lack a stored image go out and say which, on the deploy line and in a toast', async () => {
    const { page } = await stack.newPage();
    const email = `storage-${Date.now()}@example.com`;
    const password = 'storage-pass-1';
    await signUpVerified(stack, page, email, password);
    await page.getByTestId('plan-free').getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/projects');

    // Set up through the API: keys, a written project and one image, whose object then goes.
    const token = await apiSignIn(stack, email, password);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const me = await fetch(`${stack.baseURL}/auth/me/`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({
        userNetlifyAccessToken: NETLIFY_TOKEN,
        userOpenAiApiKey: 'sk-e2e-images-0001',
      }),
    });
    expect(me.status).toBe(200);
    const name = `Bucket Roofing ${Date.now()}`;
    const id = await apiCreateProject(stack, token, { name, model: OFFLINE_MODEL_ID });
    await apiWaitForProject(stack, token, id);
    const made = await fetch(`${stack.baseURL}/api/projects/${id}/images/`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ prompt: 'A roofer on a roof' }),
    });
    expect(made.status).toBe(201);
    const { src } = (await made.json()) as { src: string };
    const key = src.slice(1);
    const store = createS3Store(s3.settings);
    expect(await store.open(key)).not.toBeNull();
    await store.remove(key);
    const note = `1 image was missing from file storage and left out: ${key}.`;

    // Deploy from the card: it goes out, and the deploy line says what it left out.
    await page.goto('/projects');
    const card = page.getByTestId('project-card').filter({ hasText: name });
    await card.waitFor();
    await card
      .getByRole('button', { name: 'Deploy to Netlify', exact: true })
      .and(card.locator('button:not(li button)'))
      .click();
    await toastTitled(page, MSG.deploymentSuccessful).waitFor();
    const line = card.getByTestId('deploy-note');
    await line.waitFor();
    expect(await line.innerText()).toContain(note);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/storage-deploy-note.png` });

    // Download Site: the ZIP is saved, and the toast is a warning that names the image.
    await openDetail(page, card, name);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Site' }).click();
    await download;
    const toast = toastTitled(page, MSG.siteDownloaded);
    await toast.waitFor();
    expect(await toast.getAttribute('data-testid')).toBe('toast-warning');
    expect(await toast.innerText()).toContain(note);
    // The usual sentence ("The ZIP holds every page") would not be true: it gives way.
    expect(await toast.innerText()).not.toContain(MSG.siteDownloaded.split(' - ')[1]!);
    await page.screenshot({ path: `${SHOTS}/storage-download-note.png` });
  });
});
