import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cities, projects } from '../src/db/schema/index.ts';
import { inputDigest, type MemoFiles } from '../src/modules/publishing/build-memo.ts';
import { buildSite } from '../src/modules/publishing/site-build.ts';
import { createSiteOutput, sha1 } from '../src/modules/publishing/site-output.ts';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { appendToCity, published, siteProject } from './helpers/publishing.ts';

let t: TestApp;
let netlify: FakeNetlify;
let scratch: string;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  t = await createTestApp({ NETLIFY_API_URL: netlify.url });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-incremental-'));
});
afterAll(async () => {
  await t.close();
  await netlify.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const SITE_URL = 'https://lonestar.test';
/** Files every build writes whatever changed: small, site-wide, or made of every page. */
const ALWAYS = ['/404.html', '/_headers', '/favicon.svg', '/robots.txt', '/sitemap.xml'];

/** Builds the project's site into a new folder, remembering `previous` when given. */
async function build(projectId: string, previous?: MemoFiles, renderThreads?: number) {
  const [project] = await t.ctx.db.select().from(projects).where(eq(projects.id, projectId));
  const repo = t.ctx.repos.publishingRepo;
  const out = createSiteOutput(fs.mkdtempSync(path.join(scratch, 'out-')));
  const built = await buildSite({
    project: project!,
    siteUrl: SITE_URL,
    repo,
    images: { open: async () => null },
    out,
    memo: previous,
    renderThreads,
  });
  const onDisk = fs
    .readdirSync(out.dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `/${path.relative(out.dir, path.join(e.parentPath, e.name))}`)
    .filter((file) => !file.startsWith('/assets/'))
    .sort();
  return { ...built, digest: new Map(out.digest), onDisk };
}

/** The files whose SHA1 differs between two builds. */
const changed = (a: Map<string, string>, b: Map<string, string>) =>
  [...new Set([...a.keys(), ...b.keys()])].filter((file) => a.get(file) !== b.get(file)).sort();

async function cityRow(projectId: string, name: string) {
  const rows = await t.ctx.db.select().from(cities).where(eq(cities.projectId, projectId));
  return rows.find((c) => c.name === name)!;
}

describe('incremental builds', () => {
  it('renders only what changed, and every file is what a whole build makes', async () => {
    const u = await siteProject(t);
    const first = await build(u.id);
    expect(first.rendered).toBe(first.onDisk.length - ALWAYS.length);
    expect(Object.keys(first.memo).sort()).toEqual(
      [...first.digest.keys()]
        .filter((f) => !f.startsWith('/assets/') && !ALWAYS.includes(f))
        .sort(),
    );

    // Nothing changed: no page is read or rendered again, the digest is the same.
    const same = await build(u.id, first.memo);
    expect(same.rendered).toBe(0);
    expect(same.onDisk).toEqual(ALWAYS);
    expect(changed(first.digest, same.digest)).toEqual([]);

    // One city's content: that page alone is rendered.
    const austin = await cityRow(u.id, 'Austin');
    await t.ctx.db
      .update(cities)
      .set({ contentHtml: `${austin.contentHtml}<p>Now open Sundays.</p>` })
      .where(eq(cities.id, austin.id));
    const edited = await build(u.id, same.memo);
    const austinFile = '/states/texas/travis-county/austin.html';
    expect(edited.rendered).toBe(1);
    expect(edited.onDisk).toEqual([...ALWAYS, austinFile].sort());
    expect(changed(same.digest, edited.digest)).toEqual([austinFile]);

    // Its meta tags count as content too.
    await t.ctx.db
      .update(cities)
      .set({ metaTags: `${austin.metaTags}\n<meta name="author" content="Lone Star">` })
      .where(eq(cities.id, austin.id));
    const meta = await build(u.id, edited.memo);
    expect(changed(edited.digest, meta.digest)).toEqual([austinFile]);

    // A renamed city changes its own page, its county's listing and its state's ZIP list.
    const rock = await cityRow(u.id, 'Round Rock');
    await t.ctx.db.update(cities).set({ name: 'Round Rock City' }).where(eq(cities.id, rock.id));
    const renamed = await build(u.id, meta.memo);
    expect(changed(meta.digest, renamed.digest)).toEqual([
      '/states/texas/williamson-county.html',
      '/states/texas/williamson-county/round-rock.html',
      '/states/texas/zip-codes.html',
    ]);

    // A site-wide setting (the phone in every header) renders every page again.
    await t.ctx.db
      .update(projects)
      .set({ contactPhoneNumber: '(512) 555-0100' })
      .where(eq(projects.id, u.id));
    const phone = await build(u.id, renamed.memo);
    expect(phone.rendered).toBe(first.rendered);

    // And after all of it, the remembering build equals a build from nothing, file by file.
    const whole = await build(u.id);
    expect(changed(phone.digest, whole.digest)).toEqual([]);
  });

  it('renders on other threads the same files as on its own, remembering or not', async () => {
    const u = await siteProject(t);
    const inline = await build(u.id, undefined, 0);
    const threaded = await build(u.id, undefined, 2);
    expect(threaded.rendered).toBe(inline.rendered);
    expect(threaded.bytes).toBe(inline.bytes);
    expect(threaded.onDisk).toEqual(inline.onDisk);
    expect(changed(inline.digest, threaded.digest)).toEqual([]);
    expect(threaded.memo).toEqual(inline.memo);

    const boise = await cityRow(u.id, 'Boise');
    await t.ctx.db
      .update(cities)
      .set({ contentHtml: `${boise.contentHtml}<p>Open late.</p>` })
      .where(eq(cities.id, boise.id));
    const again = await build(u.id, threaded.memo, 1);
    expect(again.onDisk).toEqual([...ALWAYS, '/states/idaho/ada-county/boise.html'].sort());
    expect(changed(inline.digest, again.digest)).toEqual(['/states/idaho/ada-county/boise.html']);
    expect(changed(again.digest, (await build(u.id, undefined, 0)).digest)).toEqual([]);
  });

  it('redeploys one edited city by rendering one page and uploading it with the sitemap', async () => {
    const u = await siteProject(t);
    const first = await published(t, u.id, u.headers);
    const memo = await t.ctx.repos.publishingRepo.siteMemo(u.id);
    const host = new URL(first.netlifyUrl).host;
    expect(memo!.siteId).toBe(netlify.findSite(host)!.id);
    expect(Object.keys(memo!.files)).toContain('/states/texas/travis-county/austin.html');

    await appendToCity(t, u.id, 'Boise', '<p>Open late in Boise.</p>');
    const before = netlify.uploads.length;
    const again = await published(t, u.id, u.headers);
    expect(again.deployment.state).toBe('ready');
    const sent = netlify.uploads.slice(before).map((x) => x.path);
    expect(sent.sort()).toEqual(['/sitemap.xml', '/states/idaho/ada-county/boise.html']);
    const files = netlify.publishedFiles(host);
    expect(files.size).toBe(again.deployment.filesTotal);
    expect(files.get('/states/idaho/ada-county/boise.html')!.toString()).toContain(
      'Open late in Boise.',
    );
  });

  it('builds the whole site again when Netlify lacks a file the memo says it has', async () => {
    const u = await siteProject(t);
    const first = await published(t, u.id, u.headers);
    const host = new URL(first.netlifyUrl).host;
    // A memo out of step with Netlify (files it dropped): the SHA1 it names is not there.
    const repo = t.ctx.repos.publishingRepo;
    const memo = (await repo.siteMemo(u.id))!;
    const austin = '/states/texas/travis-county/austin.html';
    memo.files[austin] = [memo.files[austin]![0], 'f'.repeat(40)];
    await repo.saveSiteMemo(u.id, memo.siteId, JSON.stringify(memo.files));

    const siteId = netlify.findSite(host)!.id;
    const deploysOf = () => [...netlify.deploys.values()].filter((d) => d.siteId === siteId);
    const before = deploysOf().length;
    const again = await published(t, u.id, u.headers);
    expect(again.deployment.state).toBe('ready');
    // The remembering deploy was refused its files and left; a whole build went out instead.
    expect(deploysOf().length - before).toBe(2);
    const live = netlify.publishedFiles(host);
    expect(live.size).toBe(again.deployment.filesTotal);
    expect(live.get(austin)!.toString()).toContain('<h1');
    const after = await repo.siteMemo(u.id);
    expect(after!.files[austin]![1]).toBe(sha1(live.get(austin)!));
  });

  it("keeps reading the memos of earlier releases: an input's digest is the SHA1 of frame, file and input", async () => {
    // Stored memos hold these digests: a change of their form would render every site again
    // at the first deploy after a release, as if every page had changed.
    const u = await siteProject(t);
    const first = await build(u.id);
    const [file, [key]] = Object.entries(first.memo).find(([f]) => f.endsWith('.html'))!;
    const frame = 'frame-digest';
    const input = JSON.stringify(['a page', { city: 'Boise' }]);
    expect(inputDigest(frame, file, input)).toBe(
      createHash('sha1').update(`${frame}\0${file}\0${input}`).digest('base64url'),
    );
    expect(key).toMatch(/^[\w-]{27}$/);
    expect((await build(u.id, first.memo)).rendered).toBe(0);
  });
});
