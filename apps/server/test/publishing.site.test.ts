import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteOutput } from '../src/modules/publishing/site-output.ts';
import { buildSite } from '../src/modules/publishing/site-build.ts';
import { createSitemapWriter } from '../src/modules/publishing/sitemap.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { unzip } from './helpers/zip.ts';
import { folderOf, siteProject, validateHtml } from './helpers/publishing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const jsonLdTypes = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => (JSON.parse(m[1]!) as { '@type': string })['@type'],
  );

describe('the built site', () => {
  it('downloads as a ZIP without any Netlify token, valid HTML5 with its structured data', async () => {
    const u = await siteProject(t, { token: null });
    await t.ctx.repos.projectsRepo.update(u.id, { clientDomain: 'lonestar.test' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${u.id}/download-site/`,
      headers: u.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="lone-star-plumbing-site.zip"',
    );
    const files = await unzip(res.rawPayload);
    expect(files.size).toBe(Number(res.headers['x-site-files']));
    const html = (file: string) => files.get(file)!.toString('utf8');

    // Every page: one stylesheet, the icon, Open Graph, the owner's tracking codes.
    const pages = [...files.keys()].filter((f) => f.endsWith('.html'));
    const css = [...files.keys()].filter((f) => f.startsWith('/assets/'));
    expect(css).toHaveLength(1);
    for (const page of pages) {
      const doc = html(page);
      expect(doc.startsWith('<!doctype html>'), page).toBe(true);
      expect(doc, page).toContain(`<link rel="stylesheet" href="${css[0]}">`);
      expect(doc, page).toContain('<link rel="icon" href="/favicon.svg"');
      expect(doc, page).toContain('<meta property="og:title"');
      expect(doc, page).toContain('https://stats.example/t.js');
      expect(doc, page).toContain('https://stats.example/p.gif');
      expect(doc, page).not.toContain('<style>');
    }
    expect(jsonLdTypes(html('/index.html'))).toEqual(
      expect.arrayContaining(['LocalBusiness', 'FAQPage']),
    );
    const austin = html('/states/texas/travis-county/austin.html');
    expect(jsonLdTypes(austin)).toEqual(expect.arrayContaining(['Service', 'BreadcrumbList']));
    expect(austin).toContain('"areaServed":["Austin, TX","78701","78702"]');
    expect(austin).toContain(
      '<link rel="canonical" href="https://lonestar.test/states/texas/travis-county/austin">',
    );
    const zips = html('/states/texas/zip-codes.html');
    expect(zips).toContain('href="/states/texas/travis-county/austin"');
    expect(zips.indexOf('78660')).toBeLessThan(zips.indexOf('78701'));

    const notFound = html('/404.html');
    expect(notFound).toContain('<meta name="robots" content="noindex">');
    expect(notFound).not.toContain('rel="canonical"');
    const sitemap = files.get('/sitemap.xml')!.toString();
    expect(sitemap).not.toContain('404');
    expect(sitemap.match(/<url>/g)).toHaveLength(pages.length - 1);
    expect(sitemap).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);

    // A broken page alongside proves the checker is really reading the files.
    const dir = folderOf(new Map([...files, ['/control.html', Buffer.from('<p>no doctype')]]));
    try {
      const errors = await validateHtml(dir);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.filter((e) => !e.url?.endsWith('/control.html'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads cities in batches across states and counties with the same result', async () => {
    const u = await siteProject(t, { token: null });
    const project = (await t.ctx.repos.projectsRepo.findById(u.id))!;
    const build = async (batchSize: number) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-build-'));
      const out = createSiteOutput(dir);
      const result = await buildSite({
        project,
        siteUrl: 'https://lonestar.test',
        repo: t.ctx.repos.publishingRepo,
        images: t.ctx.modules.images.files,
        out,
        batchSize,
      });
      fs.rmSync(dir, { recursive: true, force: true });
      return { result, digest: [...out.digest].sort() };
    };
    const whole = await build(250);
    const small = await build(1);
    expect(small.digest).toEqual(whole.digest);
    expect(whole.result.hasSitemap).toBe(true);
    expect(whole.digest.map(([f]) => f)).toContain('/states/idaho/ada-county.html');
  });
});

describe('the sitemap', () => {
  it('becomes an index of sitemap files past the per-file limit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-sitemap-'));
    try {
      const out = createSiteOutput(dir);
      const sitemap = createSitemapWriter(out, 'https://example.test', 2);
      const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12));
      for (const [i, p] of ['/', '/a', '/b', '/c', '/d'].entries())
        await sitemap.add(p, day(i + 1));
      expect(await sitemap.finish()).toBe(4);
      await out.flush();
      const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
      const index = read('sitemap.xml');
      expect(index).toContain('<sitemapindex');
      expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
        'https://example.test/sitemap-1.xml',
        'https://example.test/sitemap-2.xml',
        'https://example.test/sitemap-3.xml',
      ]);
      expect(index).toContain('<lastmod>2026-11-04T12:00:00Z</lastmod>');
      expect(read('sitemap-3.xml')).toContain('<loc>https://example.test/d</loc>');
      expect(read('sitemap-1.xml').match(/<url>/g)).toHaveLength(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
