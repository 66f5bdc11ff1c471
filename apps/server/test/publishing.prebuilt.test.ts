import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { projectImages, projects } from '../src/db/schema/index.ts';
import { publishedUrl } from '../src/modules/publishing/netlify-site.ts';
import { packFileOf } from '../src/modules/publishing/prebuild.job.ts';
import { buildSite } from '../src/modules/publishing/site-build.ts';
import { createSiteOutput, sha1 } from '../src/modules/publishing/site-output.ts';
import {
  createPackOutput,
  newPackOrigin,
  openPack,
  replaceOrigin,
  type OpenedPack,
} from '../src/modules/publishing/site-pack.ts';
import { createZipOutput } from '../src/modules/publishing/site-zip-output.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { appendToCity, published, siteProject } from './helpers/publishing.ts';
import { unzip } from './helpers/zip.ts';

/**
 * A site built ahead of its first deploy (prebuild.job.ts): once a project's pages are scored,
 * its site is built into a pack at a placeholder origin; the first deploy copies what did not
 * change since out of it, the site's own address in place of the placeholder, and renders the
 * rest. Whatever it copied, the site it sends is byte for byte the one a cold build makes.
 */
let t: TestApp;
let netlify: FakeNetlify;
let scratch: string;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  // From one city, so the four-city test site is built ahead and deployed as a ZIP.
  t = await createTestApp({ NETLIFY_API_URL: netlify.url, NETLIFY_ZIP_FROM_CITIES: '1' });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-prebuilt-'));
});
afterAll(async () => {
  await t.close();
  await netlify.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

// The project's one stored image (a site copies the stored images it names).
const LOGO = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
const IMAGES = {
  open: async (file: string) =>
    file === 'logo-prebuilt.png' ? { stream: Readable.from([LOGO]) } : null,
};
const SITE_URL = 'https://lonestar-plumbing.netlify.app';

const projectOf = async (id: string) =>
  (await t.ctx.db.select().from(projects).where(eq(projects.id, id)))[0]!;

/** The project's site built cold into a folder: path → SHA1, and the folder. */
async function coldBuild(id: string, siteUrl: string) {
  const out = createSiteOutput(fs.mkdtempSync(path.join(scratch, 'cold-')));
  await buildSite({
    project: await projectOf(id),
    siteUrl,
    repo: t.ctx.repos.publishingRepo,
    images: IMAGES,
    out,
  });
  return out;
}

/** Builds the project's site ahead into a pack (at `origin`), from `previous` when given. */
async function packOf(
  id: string,
  origin = newPackOrigin(),
  previous?: OpenedPack,
  renderThreads?: number,
) {
  const file = path.join(scratch, `${id}-${Math.random().toString(36).slice(2)}.pack`);
  const out = createPackOutput(file);
  const built = await buildSite({
    project: await projectOf(id),
    siteUrl: origin,
    repo: t.ctx.repos.publishingRepo,
    images: IMAGES,
    out,
    prebuilt: previous,
    renderThreads,
  });
  await out.finish({ origin, memo: built.memo });
  return { file, built };
}

/** A ZIP deploy's build from the pack: what it copied and rendered, and the files it holds. */
async function fromPack(id: string, pack: OpenedPack, siteUrl: string, renderThreads: number) {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.zip`);
  const out = createZipOutput(file, 6);
  const built = await buildSite({
    project: await projectOf(id),
    siteUrl,
    repo: t.ctx.repos.publishingRepo,
    images: IMAGES,
    out,
    prebuilt: pack,
    renderThreads,
  });
  await out.finish();
  return { built, digest: out.digest, files: await unzip(fs.readFileSync(file)) };
}

/** Every file of `files` is the cold build's, byte for byte, and no file is missing. */
function expectSameSite(files: Map<string, Buffer>, cold: ReturnType<typeof createSiteOutput>) {
  expect([...files.keys()].sort()).toEqual([...cold.digest.keys()].sort());
  for (const [file, body] of files) {
    expect(body.equals(fs.readFileSync(path.join(cold.dir, file))), file).toBe(true);
    expect(sha1(body), file).toBe(cold.digest.get(file));
  }
}

async function waitForFile(file: string, ms: number) {
  for (const started = Date.now(); Date.now() - started < ms;) {
    if (fs.existsSync(file)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('a site built ahead of its first deploy', () => {
  it('is built once the pages are scored, and the first deploy sends the same site a cold build makes, an edit since included', async () => {
    const u = await siteProject(t);
    const pack = packFileOf(t.ctx.config.dataDir, u.id);
    // Asked for by the scoring of the run's pages, a few seconds after.
    expect(await waitForFile(pack, 30_000)).toBe(true);
    const opened = (await openPack(pack))!;
    expect(opened.origin).toMatch(/^https:\/\/prebuilt-[0-9a-f]{16}\.cityforge\.invalid$/);
    const held = opened.entries['/index.html']!;
    const body = Buffer.alloc(held[1]);
    await opened.handle.read(body, 0, held[1], held[0]);
    await opened.handle.close();
    expect(body.toString()).toContain(`<link rel="canonical" href="${opened.origin}/">`);

    // Edited after the site was built ahead: that page is rendered, the rest copied.
    await appendToCity(t, u.id, 'Boise', '<p>Open late in Boise.</p>');
    const first = await published(t, u.id, u.headers);
    expect(first.deployment.state).toBe('ready');
    const host = new URL(first.netlifyUrl).host;
    const live = netlify.publishedFiles(host);
    const cold = await coldBuild(u.id, publishedUrl(await projectOf(u.id))!);
    expectSameSite(live, cold);
    const boise = live.get('/states/idaho/ada-county/boise.html')!.toString();
    expect(boise).toContain('Open late in Boise.');
    expect(boise).toContain(`<link rel="canonical" href="https://${host}/states/idaho/`);
    for (const [file, bytes] of live) expect(bytes.toString(), file).not.toContain('.invalid');
    // Deployed: the pack is gone, and no later scoring builds the site ahead again.
    expect(fs.existsSync(pack)).toBe(false);
    expect(await t.ctx.modules.publishing.prebuilder.prebuild(u.id)).toBeNull();
    expect(fs.existsSync(pack)).toBe(false);

    // What the deploy copied is remembered as sent: the next one uploads the edit and the
    // sitemap, nothing else.
    await appendToCity(t, u.id, 'Austin', '<p>Open Sundays in Austin.</p>');
    const mark = netlify.uploads.length;
    const again = await published(t, u.id, u.headers);
    expect(again.deployment.state).toBe('ready');
    expect(
      netlify.uploads
        .slice(mark)
        .map((x) => x.path)
        .sort(),
    ).toEqual(['/sitemap.xml', '/states/texas/travis-county/austin.html']);
  });

  it('copies every unchanged file out of the pack (on this thread or a render thread) and renders only what changed', async () => {
    const u = await siteProject(t);
    await t.ctx.db.insert(projectImages).values({
      projectId: u.id,
      prompt: 'A logo',
      model: 'offline-draft',
      file: 'logo-prebuilt.png',
      mime: 'image/png',
      bytes: LOGO.length,
    });
    const { file } = await packOf(u.id);
    for (const threads of [0, 1]) {
      const pack = (await openPack(file))!;
      const made = await fromPack(u.id, pack, SITE_URL, threads);
      await pack.handle.close();
      expect(made.built.rendered).toBe(0);
      expect(made.built.prebuilt).toBeGreaterThan(10);
      expect(made.files.get('/images/logo-prebuilt.png')!.equals(LOGO)).toBe(true);
      expectSameSite(made.files, await coldBuild(u.id, SITE_URL));
    }

    await appendToCity(t, u.id, 'Austin', '<p>Open Sundays in Austin.</p>');
    const pack = (await openPack(file))!;
    const edited = await fromPack(u.id, pack, SITE_URL, 1);
    expect(edited.built.rendered).toBe(1);
    expectSameSite(edited.files, await coldBuild(u.id, SITE_URL));

    // A change every page shows (the business's name): nothing is copied.
    await t.ctx.repos.projectsRepo.update(u.id, { name: 'Lone Star Plumbing & Drains' });
    const renamed = await fromPack(u.id, pack, SITE_URL, 0);
    expect(renamed.built.prebuilt).toBe(0);
    expectSameSite(renamed.files, await coldBuild(u.id, SITE_URL));

    // An address pages would not carry as it is (a path after the host): built in full.
    const odd = 'https://example.com/plumbing';
    await t.ctx.repos.projectsRepo.update(u.id, { name: 'Lone Star Plumbing' });
    const pathed = await fromPack(u.id, pack, odd, 0);
    expect(pathed.built.prebuilt).toBe(0);
    expectSameSite(pathed.files, await coldBuild(u.id, odd));
    await pack.handle.close();
  });

  it('builds ahead again from the last pack, and a deploy reading a pack keeps its own when a newer one replaces it', async () => {
    const u = await siteProject(t);
    const origin = newPackOrigin();
    const { file } = await packOf(u.id, origin);
    const older = (await openPack(file))!;

    await appendToCity(t, u.id, 'Round Rock', '<p>New office in Round Rock.</p>');
    // On a render thread: it copies the older pack's pages into the new one itself.
    const again = await packOf(u.id, origin, older, 1);
    expect(again.built.rendered).toBe(1);
    expect(again.built.prebuilt).toBe(Object.keys(again.built.memo).length - 1);
    // The newer pack takes the older one's place on disk while the older is open.
    fs.renameSync(again.file, file);

    // The older pack's pages are read through its own handle: the edited page is rendered
    // (it changed since the older pack) and every other page is the same as a cold build's.
    const made = await fromPack(u.id, older, SITE_URL, 1);
    await older.handle.close();
    expect(made.built.rendered).toBe(1);
    expectSameSite(made.files, await coldBuild(u.id, SITE_URL));

    // The newer pack holds the edit and every page it copied: a deploy copies all of them.
    const newer = (await openPack(file))!;
    const fromNewer = await fromPack(u.id, newer, SITE_URL, 1);
    await newer.handle.close();
    expect(fromNewer.built.rendered).toBe(0);
    expectSameSite(fromNewer.files, await coldBuild(u.id, SITE_URL));
  });

  it('takes no half-written or foreign pack, and a deploy without one builds in full', async () => {
    const u = await siteProject(t);
    const { file } = await packOf(u.id);
    const whole = fs.readFileSync(file);
    const cut = path.join(scratch, 'cut.pack');
    fs.writeFileSync(cut, whole.subarray(0, whole.length - 5));
    expect(await openPack(cut)).toBeNull();
    const foreign = path.join(scratch, 'foreign.pack');
    fs.writeFileSync(
      foreign,
      Buffer.from('not a pack at all, though long enough to have a trailer'),
    );
    expect(await openPack(foreign)).toBeNull();
    expect(await openPack(path.join(scratch, 'none.pack'))).toBeNull();

    // The project's own pack is unreadable: its first deploy builds everything.
    const own = packFileOf(t.ctx.config.dataDir, u.id);
    fs.mkdirSync(path.dirname(own), { recursive: true });
    fs.writeFileSync(own, whole.subarray(0, 100));
    const first = await published(t, u.id, u.headers);
    expect(first.deployment.state).toBe('ready');
    const live = netlify.publishedFiles(new URL(first.netlifyUrl).host);
    expectSameSite(live, await coldBuild(u.id, publishedUrl(await projectOf(u.id))!));
  });

  it('builds nothing ahead for a site too small, an owner without Netlify, or a deployed site; its sweep removes packs no deploy will take', async () => {
    const small = await createTestApp({ NETLIFY_API_URL: netlify.url });
    try {
      const u = await siteProject(small);
      // Below NETLIFY_ZIP_FROM_CITIES (500 by default): a cold build is quick there.
      expect(await small.ctx.modules.publishing.prebuilder.prebuild(u.id)).toBeNull();
      expect(fs.existsSync(packFileOf(small.ctx.config.dataDir, u.id))).toBe(false);
    } finally {
      await small.close();
    }
    const { prebuilder } = t.ctx.modules.publishing;
    const tokenless = await siteProject(t, { token: null });
    expect(await prebuilder.prebuild(tokenless.id)).toBeNull();

    const u = await siteProject(t);
    const made = await prebuilder.prebuild(u.id);
    expect(made!.files).toBeGreaterThan(10);
    // Asked again with nothing changed: every file is copied from the last pack.
    const again = await prebuilder.prebuild(u.id);
    expect(again).toMatchObject({ rendered: 0, files: made!.files });
    expect(again!.copied).toBeGreaterThan(10);

    // Left behind: a half-written pack of a process that died, a pack of a project since
    // deleted; kept: the pack of a project not deployed yet.
    const root = path.dirname(packFileOf(t.ctx.config.dataDir, u.id));
    const half = path.join(root, `${u.id}.pack.0badc0de.tmp`);
    fs.writeFileSync(half, 'half');
    fs.utimesSync(half, new Date(Date.now() - 2 * 3_600_000), new Date(Date.now() - 2 * 3_600_000));
    const gone = packFileOf(t.ctx.config.dataDir, '00000000-0000-4000-8000-000000000000');
    fs.writeFileSync(gone, 'gone');
    expect(await prebuilder.sweep()).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(half) || fs.existsSync(gone)).toBe(false);
    expect(fs.existsSync(packFileOf(t.ctx.config.dataDir, u.id))).toBe(true);
  });
});

describe('the placeholder origin', () => {
  it('is replaced wherever it is, and a page of near misses is scanned once', () => {
    const from = Buffer.from('https://prebuilt-0123456789abcdef.cityforge.invalid');
    const to = Buffer.from('https://example.com');
    const page = Buffer.from(`<a href="${from}/a">${from}</a>${from}`);
    expect(replaceOrigin(page, from, to).toString()).toBe(`<a href="${to}/a">${to}</a>${to}`);
    const none = Buffer.from('<p>nothing here</p>');
    expect(replaceOrigin(none, from, to)).toBe(none);
    // A hostile page: a megabyte of the placeholder's start, never its whole.
    const near = Buffer.from('https://prebuilt-0123456789abcdef.cityforge.invali'.repeat(20_000));
    const hostile = Buffer.concat([near, from]);
    const out = replaceOrigin(hostile, from, to);
    expect(out.length).toBe(near.length + to.length);
    expect(out.subarray(near.length).equals(to)).toBe(true);
  });
});
