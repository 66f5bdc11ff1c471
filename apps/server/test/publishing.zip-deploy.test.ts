import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { projects } from '../src/db/schema/index.ts';
import { buildSite } from '../src/modules/publishing/site-build.ts';
import { createSiteOutput, sha1 } from '../src/modules/publishing/site-output.ts';
import { createZipOutput } from '../src/modules/publishing/site-zip-output.ts';
import { publishedUrl } from '../src/modules/publishing/netlify-site.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { appendToCity, publish, published, siteProject } from './helpers/publishing.ts';
import { unzip } from './helpers/zip.ts';

/**
 * A site's first deploy as one ZIP (zip-deploy.ts), from NETLIFY_ZIP_FROM_CITIES cities: set
 * to 1 here, so the four-city test site goes that way. The fake Netlify unpacks the ZIP with a
 * reader of its own (yauzl) and publishes what it holds.
 */
let t: TestApp;
let netlify: FakeNetlify;
let scratch: string;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  t = await createTestApp({ NETLIFY_API_URL: netlify.url, NETLIFY_ZIP_FROM_CITIES: '1' });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-zip-deploy-'));
});
afterAll(async () => {
  await t.close();
  await netlify.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const projectOf = async (id: string) =>
  (await t.ctx.db.select().from(projects).where(eq(projects.id, id)))[0]!;

/** The project's site built into a folder (the digest deploy's way), as path → SHA1. */
async function folderBuild(id: string, siteUrl: string | undefined, renderThreads?: number) {
  const out = createSiteOutput(fs.mkdtempSync(path.join(scratch, 'folder-')));
  await buildSite({
    project: await projectOf(id),
    siteUrl,
    repo: t.ctx.repos.publishingRepo,
    images: { open: async () => null },
    out,
    renderThreads,
  });
  return out;
}

const deployCalls = (siteId: string) =>
  netlify.requests.filter((r) => r.method === 'POST' && r.path === `/sites/${siteId}/deploys`);

describe('a first deploy as one ZIP', () => {
  it('sends the whole site in one request, the same files a folder build makes; an edit then goes by digest', async () => {
    const u = await siteProject(t);
    const before = netlify.uploads.length;
    const first = await published(t, u.id, u.headers);
    const d = first.deployment;
    expect(d.state).toBe('ready');
    const host = new URL(first.netlifyUrl).host;
    const site = netlify.findSite(host)!;

    // One creation with the ZIP, no file of its own: every file came in it.
    expect(deployCalls(site.id)).toHaveLength(1);
    const sent = netlify.uploads.slice(before);
    expect(sent.every((x) => x.via === 'zip')).toBe(true);
    expect(sent).toHaveLength(d.filesTotal);
    expect(d.filesToUpload).toBe(d.filesTotal);
    expect(d.filesUploaded).toBe(d.filesTotal);

    // Live: byte for byte what the folder build of the same project writes.
    const live = netlify.publishedFiles(host);
    const folder = await folderBuild(u.id, publishedUrl(await projectOf(u.id)));
    expect([...live.keys()].sort()).toEqual([...folder.digest.keys()].sort());
    for (const [file, body] of live) expect(sha1(body), file).toBe(folder.digest.get(file));
    expect(live.get('/index.html')!.toString()).toContain('Lone Star Plumbing');

    // What it sent is remembered: the next deploy sends one edited page and the sitemap.
    await appendToCity(t, u.id, 'Boise', '<p>Open late in Boise.</p>');
    const mark = netlify.uploads.length;
    const again = await published(t, u.id, u.headers);
    expect(again.deployment.state).toBe('ready');
    const edited = netlify.uploads.slice(mark);
    expect(edited.every((x) => x.via === 'put')).toBe(true);
    expect(edited.map((x) => x.path).sort()).toEqual([
      '/sitemap.xml',
      '/states/idaho/ada-county/boise.html',
    ]);
    expect(
      netlify.publishedFiles(host).get('/states/idaho/ada-county/boise.html')!.toString(),
    ).toContain('Open late in Boise.');
  });

  it('packs pages on render threads into the ZIP exactly as they are written to a folder', async () => {
    const u = await siteProject(t);
    const siteUrl = 'https://lonestar.test';
    const folder = await folderBuild(u.id, siteUrl, 0);
    const zipFile = path.join(scratch, `${u.id}.zip`);
    const out = createZipOutput(zipFile, 6);
    const built = await buildSite({
      project: await projectOf(u.id),
      siteUrl,
      repo: t.ctx.repos.publishingRepo,
      images: { open: async () => null },
      out,
      renderThreads: 2,
    });
    const size = await out.finish();
    expect(size).toBe(fs.statSync(zipFile).size);
    const files = await unzip(fs.readFileSync(zipFile));
    expect(files.size).toBe(built.files);
    expect([...out.digest.entries()].sort()).toEqual([...folder.digest.entries()].sort());
    for (const [file, body] of files) {
      expect(body.equals(fs.readFileSync(path.join(folder.dir, file))), file).toBe(true);
      expect(sha1(body)).toBe(out.digest.get(file));
    }
    // Deflated: the ZIP is smaller than the site.
    expect(size).toBeLessThan(built.bytes / 2);
  });

  it('sends the ZIP again after a 503, and names the reason Netlify refused one with', async () => {
    const u = await siteProject(t);
    const isZip = (r: { method: string; path: string }) =>
      r.method === 'POST' && /^\/sites\/[^/]+\/deploys$/.test(r.path);
    netlify.failNext({ status: 503, times: 1, match: isZip });
    const first = await published(t, u.id, u.headers);
    expect(first.deployment.state).toBe('ready');
    const site = netlify.findSite(new URL(first.netlifyUrl).host)!;
    expect(deployCalls(site.id).map((r) => r.status)).toEqual([503, 200]);
    expect(netlify.publishedFiles(site.id).size).toBe(first.deployment.filesTotal);

    // Netlify fails the deploy while processing it: the owner reads Netlify's words.
    const other = await siteProject(t);
    netlify.failNextDeploy('Build script returned non-zero exit code: 2');
    const failed = await publish(t, other.id, other.headers);
    expect(failed.statusCode).toBe(502);
    expect((failed.json() as { message: string }).message).toBe(
      'Netlify could not take the deploy: Netlify could not publish the deploy: Build script returned non-zero exit code: 2',
    );
  });
});
