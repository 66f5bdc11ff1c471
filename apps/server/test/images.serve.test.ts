import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TProjectImage } from '@cityforge/shared';
import { buildSite } from '../src/modules/publishing/site-build.ts';
import { createSiteOutput } from '../src/modules/publishing/site-output.ts';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { unzip } from './helpers/zip.ts';
import { createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { http } from './helpers/http.ts';
import { siteProject } from './helpers/publishing.ts';

let t: TestApp;
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi();
  t = await createTestApp({ OPENAI_BASE_URL: ai.url });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const { post, del } = http(() => t);

/** Makes one image in the project through the API; answers it with the bytes OpenAI sent. */
async function imageIn(u: { id: string; headers: Record<string, string> }, prompt = 'A van') {
  const res = await post(`/api/projects/${u.id}/images/`, u.headers, { prompt });
  expect(res.statusCode, res.body).toBe(201);
  const sent = ai.images.requests.at(-1)!;
  return { image: res.json() as TProjectImage, bytes: ai.images.files.get(sent.fileId!)! };
}

async function keyedUser() {
  const u = await signedInUser(t, { plan: 'basic' });
  await giveKeys(t, u.user.id, { openai: `sk-${u.user.id}` });
  return u;
}

const fetchImage = (url: string, accept = 'image/avif,image/webp,*/*') =>
  t.app.inject({ method: 'GET', url, headers: { accept } });

describe('GET /images/:file', () => {
  it('serves without any sign-in, loadable from the sandboxed preview frame', async () => {
    const u = await keyedUser();
    const { id } = await createProject(t, u.user.id);
    const { image, bytes } = await imageIn({ id, headers: u.headers });
    const res = await fetchImage(image.src);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers 404 for names that are unknown, malformed or outside the folder', async () => {
    const u = await keyedUser();
    const { id } = await createProject(t, u.user.id);
    const { image } = await imageIn({ id, headers: u.headers });
    const known = image.src.slice('/images/'.length);
    const urls = [
      `/images/${crypto.randomUUID()}.png`,
      `/images/${known.replace('.png', '.jpg')}`,
      `/images/${known.toUpperCase()}`,
      `/images/${known}.png`,
      '/images/------------------------------------.png',
      '/images/..%2Fsecret',
      '/images/%2E%2E%2F%2E%2E%2Fsecret',
      `/images/x/${known}`,
      '/images/',
    ];
    for (const url of urls) {
      // A browser asking for a page must not get the web app's index.html either.
      const res = await fetchImage(url, 'text/html,*/*');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });

  it('answers 404 once the project is deleted', async () => {
    const u = await keyedUser();
    const { id } = await createProject(t, u.user.id);
    const { image } = await imageIn({ id, headers: u.headers });
    expect((await del(`/api/projects/${id}/delete/`, u.headers)).statusCode).toBe(200);
    expect((await fetchImage(image.src)).statusCode).toBe(404);
  });

  it('deleting a project removes its files at once; the sweep takes a file left without a row once past the grace period', async () => {
    const u = await keyedUser();
    const gone = await createProject(t, u.user.id);
    const kept = await createProject(t, u.user.id);
    const { image: old } = await imageIn({ id: gone.id, headers: u.headers });
    const { image: live } = await imageIn({ id: kept.id, headers: u.headers });
    const dir = path.join(t.ctx.config.dataDir, 'images');
    const fileOf = (src: string) => path.join(dir, path.basename(src));
    expect(fs.existsSync(fileOf(old.src))).toBe(true);
    await del(`/api/projects/${gone.id}/delete/`, u.headers);
    expect(fs.existsSync(fileOf(old.src))).toBe(false);

    // A file whose row never came: a generation that wrote it and died before its insert.
    const stray = path.join(dir, `${randomUUID()}.png`);
    fs.copyFileSync(fileOf(live.src), stray);
    const sweep = t.ctx.services.imagesService.sweepOrphans;
    // Within the grace period a file without a row may be a generation about to insert it.
    expect(await sweep(60_000)).toBe(0);
    expect(fs.existsSync(stray)).toBe(true);
    expect(await sweep(0, Date.now() + 1000)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(stray)).toBe(false);
    expect(fs.existsSync(fileOf(live.src))).toBe(true);
    expect((await fetchImage(live.src)).statusCode).toBe(200);
  });
});

describe('images on the built site', () => {
  it('ships every image at images/{file} with the same bytes, in the ZIP and the digest', async () => {
    const u = await siteProject(t, { token: null });
    await giveKeys(t, u.user.id, { openai: `sk-${u.user.id}` });
    const made = [await imageIn(u, 'A van'), await imageIn(u, 'A house')];

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${u.id}/download-site/`,
      headers: u.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const files = await unzip(res.rawPayload);
    for (const { image, bytes } of made) {
      expect(files.get(image.src)?.equals(bytes), image.src).toBe(true);
    }
    expect(files.get('/_headers')?.toString()).toContain('/images/*');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-images-'));
    try {
      const out = createSiteOutput(dir);
      const project = (await t.ctx.repos.projectsRepo.findById(u.id))!;
      const built = await buildSite({
        project,
        repo: t.ctx.repos.publishingRepo,
        images: t.ctx.modules.images.files,
        out,
      });
      for (const { image, bytes } of made) {
        const sha1 = createHash('sha1').update(bytes).digest('hex');
        expect(out.digest.get(image.src)).toBe(sha1);
      }
      expect(built.files).toBe(out.digest.size);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
