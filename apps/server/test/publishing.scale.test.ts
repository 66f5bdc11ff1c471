import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { scanMarkup } from '@cityforge/shared/html';
import { cities, locationCounties, locationStates, projects } from '../src/db/schema/index.ts';
import { SITE_FOLDER_MAX_ENTRIES } from '../src/lib/folder-limit.ts';
import { loadCityPage } from '../src/modules/generation/city-page.ts';
import { COUNTY_SEATS } from '../src/modules/locations/city-seats.ts';
import { digestDeploy } from '../src/modules/publishing/digest-deploy.ts';
import { createNetlifyClient } from '../src/modules/publishing/netlify-client.ts';
import { createDeployProgress } from '../src/modules/publishing/deploy-progress.ts';
import type { DeployPatch } from '../src/modules/publishing/publishing.repo.ts';
import { buildSite } from '../src/modules/publishing/site-build.ts';
import { createSiteOutput } from '../src/modules/publishing/site-output.ts';
import { overflowFolderOf } from '../src/modules/site/paths.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { addPage, createProject, signedInUser } from './helpers/factories.ts';

let t: TestApp;
let scratch: string;
beforeAll(async () => {
  t = await createTestApp();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-scale-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const SITE_URL = 'https://big.test';
const BIG = 60_000;
const COUNTY = '/states/texas/big-county';
const slugOf = (i: number) => `city-${String(i).padStart(5, '0')}`;

/**
 * A project with 60,000 written cities in one county (created one millisecond apart, so their
 * order of creation is known) and three in another, written straight to the database.
 */
async function seed(userId: string) {
  const project = await createProject(t, userId, { status: 'Completed' });
  await addPage(t, project.id, {
    kind: 'homepage',
    name: 'Homepage',
    slug: 'homepage',
    contentHtml: '<section><h1>Big Plumbing</h1></section>',
  });
  const db = t.ctx.db;
  const [state] = await db
    .insert(locationStates)
    .values({ projectId: project.id, code: 'TX', name: 'Texas', slug: 'texas' })
    .returning();
  const [big, small] = await db
    .insert(locationCounties)
    .values([
      { projectId: project.id, stateId: state!.id, name: 'Big County', slug: 'big-county' },
      { projectId: project.id, stateId: state!.id, name: 'Small County', slug: 'small-county' },
    ])
    .returning();
  // Made by the database in one statement: 60,000 rows sent from here took seconds more.
  const start = new Date(Date.UTC(2025, 0, 1)).toISOString();
  const insert = (countyId: string, from: number, names: SQL, slugs: SQL, count: number) =>
    db.execute(sql`
      insert into cities (project_id, county_id, name, slug, place_key, latitude, longitude,
        status, model, content_html, created_at)
      select ${project.id}, ${countyId}, n.name, n.slug, 'TX|' || ${countyId} || '|' || n.slug,
        -- On a line, 11 m apart: a city's nearest neighbours are the cities created beside it.
        30 + (${from} + n.i) * 0.0001, -97, 'Completed', 'offline-draft',
        '<section><h1>Plumbing in ' || n.name || '</h1><p>Local plumbers.</p></section>',
        ${start}::timestamptz + (${from} + n.i) * interval '1 millisecond'
      from (select i, ${names} as name, ${slugs} as slug from generate_series(0, ${count - 1}) i) n`);
  const padded = sql`lpad(i::text, 5, '0')`;
  await insert(big!.id, 0, sql`'City ' || ${padded}`, sql`'city-' || ${padded}`, BIG);
  await insert(
    small!.id,
    BIG,
    sql`(array['Austin', 'Bastrop', 'Cedar Park'])[i + 1]`,
    sql`(array['austin', 'bastrop', 'cedar-park'])[i + 1]`,
    3,
  );
  return { projectId: project.id, bigId: big!.id };
}

/** Every folder under `dir` with its number of entries (files and subfolders). */
function folderSizes(dir: string): Map<string, number> {
  const sizes = new Map<string, number>();
  const walk = (folder: string) => {
    const entries = fs.readdirSync(folder, { withFileTypes: true });
    sizes.set(`/${path.relative(dir, folder)}`, entries.length);
    for (const entry of entries) if (entry.isDirectory()) walk(path.join(folder, entry.name));
  };
  walk(dir);
  return sizes;
}

/** The targets of a page's links (hrefs as written). */
function linksOf(html: string): string[] {
  const hrefs: string[] = [];
  scanMarkup(html, {
    openTag(tag) {
      const href = tag.name === 'a' ? tag.attrs.get('href') : undefined;
      if (href) hrefs.push(href);
    },
  });
  return hrefs;
}

describe('a site past what one folder may hold', () => {
  it('keeps every folder of 60,000 cities in one county at or below 50,000 entries, every page linked', async () => {
    const u = await signedInUser(t);
    const { projectId, bigId } = await seed(u.user.id);
    const [project] = await t.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    const out = createSiteOutput(fs.mkdtempSync(path.join(scratch, 'site-')));
    const built = await buildSite({
      project: project!,
      siteUrl: SITE_URL,
      repo: t.ctx.repos.publishingRepo,
      images: { open: async () => null },
      out,
    });
    expect(built.pages).toBeGreaterThan(BIG);
    const sizes = folderSizes(out.dir);
    const fullest = Math.max(...sizes.values());
    expect(fullest).toBeLessThanOrEqual(SITE_FOLDER_MAX_ENTRIES);
    // The county's folder is the one that fills up: its first cities, then the subfolders.
    expect(sizes.get(COUNTY)).toBe(fullest);

    // The first cities by creation keep the address a smaller county gives them; the later
    // ones are one folder down, in the subfolder their own slug names.
    const flat = fs
      .readdirSync(path.join(out.dir, COUNTY), { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name.replace(/\.html$/, ''))
      .sort();
    expect(flat).toEqual(Array.from({ length: COUNTY_SEATS }, (_, i) => slugOf(i)));
    const last = slugOf(BIG - 1);
    const lastPath = `${COUNTY}/${overflowFolderOf(last)}/${last}`;
    expect(fs.existsSync(path.join(out.dir, `${lastPath}.html`))).toBe(true);
    const lastPage = fs.readFileSync(path.join(out.dir, `${lastPath}.html`), 'utf8');
    expect(lastPage).toContain(`<link rel="canonical" href="${SITE_URL}${lastPath}">`);
    for (const small of ['austin', 'bastrop', 'cedar-park'])
      expect(fs.existsSync(path.join(out.dir, `/states/texas/small-county/${small}.html`))).toBe(
        true,
      );

    // The county's page links every one of its 60,000 city pages, each to a file there is.
    const hub = fs.readFileSync(path.join(out.dir, `${COUNTY}.html`), 'utf8');
    const cityLinks = linksOf(hub).filter((href) => href.startsWith(`${COUNTY}/`));
    expect(new Set(cityLinks).size).toBe(BIG);
    const missing = cityLinks.filter((href) => !fs.existsSync(path.join(out.dir, `${href}.html`)));
    expect(missing).toEqual([]);
    expect(cityLinks).toContain(lastPath);
    // The sitemap is split in files of 50,000 URLs and names the moved pages where they are.
    const sitemaps = ['sitemap-1.xml', 'sitemap-2.xml'].map((f) =>
      fs.readFileSync(path.join(out.dir, f), 'utf8'),
    );
    expect(fs.existsSync(path.join(out.dir, 'sitemap-3.xml'))).toBe(false);
    expect(sitemaps.some((xml) => xml.includes(`<loc>${SITE_URL}${lastPath}</loc>`))).toBe(true);

    // The preview and the page writer agree with the build on where each page is.
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/cities/${bigId}/`,
      headers: u.headers,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = (preview.json() as { html: string }).html;
    expect(linksOf(previewed)).toContain(lastPath);
    const firstMoved = await t.ctx.db
      .select()
      .from(cities)
      .where(eq(cities.slug, slugOf(COUNTY_SEATS)));
    const { repo: locations, factsRepo: facts } = t.ctx.modules.locations;
    const page = await loadCityPage({ locations, facts }, project!, firstMoved[0]!.id);
    expect(page!.overflow).toBe(true);
    const moved = slugOf(COUNTY_SEATS);
    expect(page!.context.paths.self).toBe(`${COUNTY}/${overflowFolderOf(moved)}/${moved}`);
    // Its neighbours on either side: the three before it still have their seats.
    const nearby = new Map(page!.context.nearby.map((n) => [n.name, n.href]));
    const before = slugOf(COUNTY_SEATS - 1);
    const after = slugOf(COUNTY_SEATS + 1);
    expect(nearby.get(`City ${before.slice(5)}`)).toBe(`${COUNTY}/${before}`);
    expect(nearby.get(`City ${after.slice(5)}`)).toBe(
      `${COUNTY}/${overflowFolderOf(after)}/${after}`,
    );
  });

  it('stops a deploy whose site would still crowd a folder before Netlify hears of it', async () => {
    const digest = new Map<string, string>();
    for (let i = 0; i <= SITE_FOLDER_MAX_ENTRIES; i++)
      digest.set(`/images/${String(i).padStart(6, '0')}.png`, 'a'.repeat(40));
    // Nothing listens there: a deploy that went on would fail on the connection instead.
    const client = createNetlifyClient('http://127.0.0.1:9/api/v1', 'token', { attempts: 1 });
    const writes: DeployPatch[] = [];
    const progress = createDeployProgress(
      { updateDeploy: async (_id, patch) => void writes.push(patch) },
      'deploy',
      { windowMs: 60_000, deploys: 3, calls: 500 },
    );
    try {
      await expect(
        digestDeploy({ client, siteId: 'site', progress }, { dir: scratch, digest }),
      ).rejects.toThrow(
        "The site's folder /images would hold 50,001 entries, more than the 50,000 one folder may hold on Netlify.",
      );
      expect(writes).toEqual([]);
    } finally {
      progress.stop();
    }
  });
});
