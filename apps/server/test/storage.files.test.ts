import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_NOTE_HEADER, type TProjectImage } from '@cityforge/shared';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { startFakeS3, type FakeS3 } from '@cityforge/fakes/s3';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { giveKeys, signedInUser } from './helpers/factories.ts';
import { published, siteProject } from './helpers/publishing.ts';
import { unzip } from './helpers/zip.ts';

let ai: FakeAi;
let netlify: FakeNetlify;
let s3: FakeS3;
beforeAll(async () => {
  [ai, netlify, s3] = await Promise.all([startFakeAi(), startFakeNetlify(), startFakeS3()]);
});
afterAll(async () => {
  await Promise.all([ai.close(), netlify.close(), s3.close()]);
});

/**
 * The files every process shares, through the API, on both stores: the local folder of the
 * embedded mode and S3-compatible object storage (a real S3-protocol server).
 */
describe.each([
  { store: 'the local folder', s3: false },
  { store: 'object storage', s3: true },
])('files on $store', ({ s3: onS3 }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      OPENAI_BASE_URL: ai.url,
      NETLIFY_API_URL: netlify.url,
      ...(onS3 ? s3.env : {}),
    });
  });
  afterAll(() => t.close());

  const imagesFolder = () => path.join(t.config.dataDir, 'images');

  async function projectWithImage() {
    const u = await siteProject(t);
    await giveKeys(t, u.user.id, { openai: `sk-${u.user.id}`, openrouter: `sk-or-${u.user.id}` });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${u.id}/images/`,
      headers: u.headers,
      payload: { prompt: 'A van outside a house' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json() as TProjectImage;
    const bytes = ai.images.files.get(ai.images.requests.at(-1)!.fileId!)!;
    return { u, image, bytes, file: image.src.slice('/images/'.length) };
  }

  const download = (u: { id: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'GET',
      url: `/api/projects/${u.id}/download-site/`,
      headers: u.headers,
    });

  it('keeps a generated image in the store and serves it with the same headers', async () => {
    const { image, bytes, file } = await projectWithImage();
    expect(t.ctx.store.kind).toBe(onS3 ? 's3' : 'folder');
    const stored = await t.ctx.store.open(`images/${file}`);
    expect(Buffer.concat(await stored!.stream.toArray()).equals(bytes)).toBe(true);
    // On object storage nothing of it is on this process's disk.
    expect(fs.existsSync(path.join(imagesFolder(), file))).toBe(!onS3);

    const served = await t.app.inject({ method: 'GET', url: image.src });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  });

  it('puts the stored image in the ZIP and the deploy, read from the store', async () => {
    const { u, image, bytes } = await projectWithImage();
    const res = await download(u);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[SITE_NOTE_HEADER]).toBeUndefined();
    expect((await unzip(res.rawPayload)).get(image.src)?.equals(bytes)).toBe(true);

    const done = await published(t, u.id, u.headers);
    expect(done.deployment).toMatchObject({ state: 'ready', note: null });
    const files = netlify.publishedFiles(new URL(done.netlifyUrl).host);
    expect(files.get(image.src)?.equals(bytes)).toBe(true);
  });

  it('an image the database names but the store lacks: 404 for it, the ZIP and the deploy go out without it and say so', async () => {
    const { u, image, file } = await projectWithImage();
    await t.ctx.store.remove(`images/${file}`);

    const served = await t.app.inject({ method: 'GET', url: image.src });
    expect(served.statusCode).toBe(404);
    expect(served.json()).toEqual({ message: expect.any(String) });

    const note = `1 image was missing from file storage and left out: images/${file}. Pages that show it have a gap; generate it again in the editor.`;
    const res = await download(u);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[SITE_NOTE_HEADER]).toBe(note);
    const zipped = await unzip(res.rawPayload);
    expect(zipped.has(image.src)).toBe(false);
    expect(zipped.has('/index.html')).toBe(true);
    expect(zipped.size).toBe(Number(res.headers['x-site-files']));

    const done = await published(t, u.id, u.headers);
    expect(done.deployment).toMatchObject({ state: 'ready', note });
    const files = netlify.publishedFiles(new URL(done.netlifyUrl).host);
    expect(files.has(image.src)).toBe(false);
    expect(files.has('/index.html')).toBe(true);
    // The deploy line shows it for as long as it is the last deploy.
    const line = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${u.id}/deployment/`,
      headers: u.headers,
    });
    expect(line.json()).toMatchObject({ data: { note } });
  });

  /**
   * Every image the store holds. Images are all the store keeps; on the local folder it shares
   * its root with the deploys' build folders, which go when their deploy ends, so those are not
   * listed here.
   */
  async function storeKeys() {
    const keys: string[] = [];
    for await (const entry of t.ctx.store.list('images/')) keys.push(entry.key);
    return keys.sort();
  }

  async function secondImage(u: { id: string; headers: Record<string, string> }) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${u.id}/images/`,
      headers: u.headers,
      payload: { prompt: 'A plumber at a sink' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as TProjectImage).src.slice('/images/'.length);
  }

  it('deleting a project removes every file of it from the store at once, and only those', async () => {
    const kept = await projectWithImage();
    const gone = await projectWithImage();
    const files = [gone.file, await secondImage(gone.u)].map((f) => `images/${f}`);
    const before = await storeKeys();
    expect(before).toEqual(expect.arrayContaining([...files, `images/${kept.file}`]));

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${gone.u.id}/delete/`,
      headers: gone.u.headers,
    });
    expect(del.statusCode, del.body).toBe(200);
    // No sweep ran: the deletion itself took them.
    expect(await storeKeys()).toEqual(before.filter((key) => !files.includes(key)));
    for (const file of files) expect(await t.ctx.store.open(file)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/${files[0]}` })).statusCode).toBe(404);
    expect(await t.ctx.store.open(`images/${kept.file}`)).not.toBeNull();
  });

  it('deleting a user removes every file of each of their projects from the store', async () => {
    const admin = await signedInUser(t, { superuser: true });
    const kept = await projectWithImage();
    const gone = await projectWithImage();
    const before = await storeKeys();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${gone.u.user.id}/`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storeKeys()).toEqual(before.filter((key) => key !== `images/${gone.file}`));
    expect(await t.ctx.store.open(`images/${kept.file}`)).not.toBeNull();
  });

  it('the sweep removes a file left without its row, and only those', async () => {
    // A file whose row never came (a process that died between the two) or whose removal
    // failed when its project went: the sweep is what takes it.
    const kept = await projectWithImage();
    const stray = `${randomUUID()}.png`;
    await t.ctx.store.put(`images/${stray}`, kept.bytes, 'image/png');
    const removed = await t.ctx.services.imagesService.sweepOrphans(0, Date.now() + 1000);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.store.open(`images/${stray}`)).toBeNull();
    expect(await t.ctx.store.open(`images/${kept.file}`)).not.toBeNull();
  });
});
