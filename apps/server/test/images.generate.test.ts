import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG, type TProjectImage, type ZProjectImages } from '@cityforge/shared';
import { aiUsage, projectImages } from '../src/db/schema/index.ts';
import { SITE_FOLDER_MAX_ENTRIES } from '../src/lib/folder-limit.ts';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { http } from './helpers/http.ts';

type TProjectImages = z.infer<typeof ZProjectImages>;

const SERVER_KEY = 'sk-server-images';

let t: TestApp;
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi();
  t = await createTestApp({
    OPENAI_BASE_URL: ai.url,
    OPENAI_API_KEY: SERVER_KEY,
    // The fake serves its URL answers from this machine, which only a trusted host may be.
    IMAGE_DOWNLOAD_TRUSTED_HOSTS: new URL(ai.url).hostname,
  });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const { get, post } = http(() => t);

/** A user with their own OpenAI key (unless `key` is null) and a project of theirs. */
async function owner(opts: { key?: string | null; superuser?: boolean } = {}) {
  const u = await signedInUser(t, { superuser: opts.superuser });
  const key = opts.key === undefined ? `sk-${u.user.id}` : opts.key;
  if (key) await giveKeys(t, u.user.id, { openai: key });
  const project = await createProject(t, u.user.id);
  return { ...u, key, id: project.id };
}

const generate = (u: { id: string; headers: Record<string, string> }, body: object) =>
  post(`/api/projects/${u.id}/images/`, u.headers, body);

const rowsOf = (projectId: string) =>
  t.ctx.db.select().from(projectImages).where(eq(projectImages.projectId, projectId));
const usageOf = (projectId: string) =>
  t.ctx.db.select().from(aiUsage).where(eq(aiUsage.projectId, projectId));
const imagesDir = () => path.join(t.config.dataDir, 'images');
const onDisk = (file: string) => fs.readFileSync(path.join(imagesDir(), file));
const filesOnDisk = () => (fs.existsSync(imagesDir()) ? fs.readdirSync(imagesDir()) : []);

const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

describe('POST /api/projects/:id/images/', () => {
  it('refuses without an OpenAI key, in the words of the spec, calling nobody', async () => {
    const u = await owner({ key: null });
    const res = await generate(u, { prompt: 'A plumber at work' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.openAiKeyMissingForImages });
    expect(ai.images.requests).toHaveLength(0);
  });

  it("refuses a project's 50,001st image (its site's /images/ folder is full), calling nobody", async () => {
    const u = await owner();
    await t.ctx.db.execute(sql`
      insert into project_images (project_id, prompt, model, file, mime, bytes)
      select ${u.id}, 'old', 'gpt-image-1', gen_random_uuid()::text || '.png', 'image/png', 1
      from generate_series(1, ${SITE_FOLDER_MAX_ENTRIES})`);
    const res = await generate(u, { prompt: 'One more van' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.tooManyImages });
    expect(ai.images.requests).toHaveLength(0);
    expect(await rowsOf(u.id)).toHaveLength(SITE_FOLDER_MAX_ENTRIES);
  });

  it('makes a gpt-image-2.5-flare image: the PNG on disk, its row, its usage, listed and served', async () => {
    const u = await owner();
    const res = await generate(u, { prompt: 'A van outside a house', size: '1536x1024' });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json() as TProjectImage;
    expect(image).toMatchObject({
      prompt: 'A van outside a house',
      model: 'gpt-image-2.5-flare',
      width: 1536,
      height: 1024,
      src: `/images/${image.id}.png`,
    });

    const [sent] = ai.images.requests;
    expect(sent).toMatchObject({ key: u.key, size: '1536x1024', responseFormat: null });
    const answered = ai.images.files.get(sent!.fileId!)!;
    const file = `${image.id}.png`;
    expect(onDisk(file).equals(answered)).toBe(true);
    expect(pngSize(onDisk(file))).toEqual([1536, 1024]);
    expect(await rowsOf(u.id)).toEqual([
      expect.objectContaining({ file, mime: 'image/png', bytes: answered.length }),
    ]);
    expect(await usageOf(u.id)).toEqual([
      expect.objectContaining({
        userId: u.user.id,
        callType: 'image',
        model: 'gpt-image-2.5-flare',
        promptTokens: 6,
        completionTokens: 1584,
        totalTokens: 1590,
      }),
    ]);

    const list = await get(`/api/projects/${u.id}/images/`, u.headers);
    expect(list.statusCode).toBe(200);
    expect((list.json() as TProjectImages).results).toEqual([image]);

    const served = await t.app.inject({ method: 'GET', url: image.src });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(answered)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });

  it('downloads an image answered as a URL (legacy models, gateways) instead of base64', async () => {
    const u = await owner();
    ai.images.script({ url: true });
    const res = await generate(u, {
      prompt: 'A tall house',
      model: 'gpt-image-2',
      size: '1024x1536',
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json() as TProjectImage;
    expect(image).toMatchObject({ model: 'gpt-image-2', width: 1024, height: 1536 });
    const [sent] = ai.images.requests;
    expect(sent).toMatchObject({ model: 'gpt-image-2', size: '1024x1536', responseFormat: null });
    expect(onDisk(`${image.id}.png`).equals(ai.images.files.get(sent!.fileId!)!)).toBe(true);
    // A URL answer reports no tokens: the call is still counted.
    expect(await usageOf(u.id)).toEqual([
      expect.objectContaining({ model: 'gpt-image-2', callType: 'image', totalTokens: 0 }),
    ]);
  });

  it('lists a project images newest first', async () => {
    const u = await owner();
    const first = (await generate(u, { prompt: 'First' })).json() as TProjectImage;
    const second = (await generate(u, { prompt: 'Second' })).json() as TProjectImage;
    const list = (await get(`/api/projects/${u.id}/images/`, u.headers)).json() as TProjectImages;
    expect(list.results.map((i) => i.id)).toEqual([second.id, first.id]);
  });

  it('lets a superuser without a key of their own use the server key', async () => {
    const admin = await owner({ key: null, superuser: true });
    expect((await generate(admin, { prompt: 'A logo' })).statusCode).toBe(201);
    expect(ai.images.requests[0]?.key).toBe(SERVER_KEY);
  });

  it('answers 404 for another user project, for making and for listing', async () => {
    const u = await owner();
    const stranger = await owner();
    const made = await post(`/api/projects/${u.id}/images/`, stranger.headers, { prompt: 'X' });
    expect(made.statusCode).toBe(404);
    expect((await get(`/api/projects/${u.id}/images/`, stranger.headers)).statusCode).toBe(404);
    expect(ai.images.requests).toHaveLength(0);
  });

  it('validates the request before calling anyone', async () => {
    const u = await owner();
    const empty = await generate(u, { prompt: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: { prompt: ['Describe the image.'] } });
    const size = await generate(u, { prompt: 'X', size: '512x512' });
    expect(size.statusCode).toBe(400);
    expect(ai.images.requests).toHaveLength(0);
  });
});

describe('failed image generation', () => {
  async function failed(u: Awaited<ReturnType<typeof owner>>, status: number, message: string) {
    const res = await generate(u, { prompt: 'Something' });
    expect(res.statusCode, res.body).toBe(status);
    expect((res.json() as { message: string }).message).toBe(message);
    expect(await rowsOf(u.id)).toEqual([]);
  }

  it('says OpenAI rejected the key (400) and stores nothing', async () => {
    const u = await owner({ key: 'bad-key' });
    await failed(u, 400, `${MSG.imageFailed}: OpenAI rejected the API key.`);
    expect(await usageOf(u.id)).toEqual([]);
  });

  it('passes on a content-policy refusal in OpenAI own words (400), storing nothing', async () => {
    const u = await owner();
    ai.images.script({ contentPolicy: true });
    await failed(
      u,
      400,
      `${MSG.imageFailed}: Your request was rejected as a result of our safety system.`,
    );
    expect(await usageOf(u.id)).toEqual([]);
  });

  it('answers 502 when OpenAI fails or is busy', async () => {
    const u = await owner();
    ai.images.script({ status: 500 }, { status: 429 });
    await failed(
      u,
      502,
      `${MSG.imageFailed}: OpenAI answered 500: The server had an error processing your request.`,
    );
    await failed(
      u,
      502,
      `${MSG.imageFailed}: OpenAI answered 429: Rate limit reached for images per minute.`,
    );
  });

  it('refuses an answer that is not an image, without writing a file', async () => {
    const u = await owner();
    const before = filesOnDisk();
    ai.images.script({ bytes: Buffer.from('<html><script>alert(1)</script></html>') });
    await failed(u, 502, `${MSG.imageFailed}: OpenAI answered something that is not an image.`);
    expect(filesOnDisk()).toEqual(before);
  });
});
