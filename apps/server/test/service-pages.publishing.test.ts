import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { startFakeIndexNow, type FakeIndexNow } from '@cityforge/fakes/indexnow';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { cities } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { http, type Headers } from './helpers/http.ts';
import { spreadsheet, uploaded } from './helpers/locations.ts';
import { batchOut, giveNetlifyToken, makeDue, published } from './helpers/publishing.ts';
import { LONG, servicePagesKit } from './helpers/service-pages.ts';

// The release check runs every second here, so a batch made due goes out at once.
let t: TestApp;
let netlify: FakeNetlify;
let indexNow: FakeIndexNow;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  indexNow = await startFakeIndexNow();
  t = await createTestApp({
    NETLIFY_API_URL: netlify.url,
    INDEXNOW_URL: indexNow.url,
    INDEXNOW_TIMEOUT_SECONDS: '2',
    RELEASE_CHECK_SECONDS: '1',
  });
});
afterAll(async () => {
  await t.close();
  await netlify.close();
  await indexNow.close();
});

const { get, post } = http(() => t);
const { settledLong, keyedUser, roofer, setServicePages } = servicePagesKit(() => t);
let seq = 0;

const AUSTIN = '/states/texas/travis-county/austin';
const KYLE = '/states/texas/hays-county/kyle';
const ROUND_ROCK = '/states/texas/williamson-county/round-rock';

const sheet = (roundRock: string) =>
  spreadsheet('csv', [
    ['City', 'State', 'County', 'ZIP', 'Services'],
    ['Austin', 'TX', 'Travis', '78701', 'Roof Repair, Gutter Cleaning'],
    ['Kyle', 'TX', 'Hays', '78640', 'Roof Repair'],
    ['Round Rock', 'TX', 'Williamson', '78664', roundRock],
  ]);

/** A roofer with service-city pages on, three places written, and a Netlify token. */
async function writtenRoofer(roundRock = 'Roof Repair; Skylight Installation') {
  const u = await keyedUser('pro');
  await giveNetlifyToken(t, u.user.id);
  const id = await roofer(u.headers);
  await setServicePages(id, u.headers, { enabled: true, services: 'all', unlisted: 'none' });
  await uploaded(t, id, u.headers, [sheet(roundRock)]);
  await settledLong(id, u.headers);
  await t.drainQueue(QUEUES.scoreSimilarity);
  return { ...u, id };
}

/** A verified domain with IndexNow on, so every deploy tells IndexNow. */
async function verifiedDomain(u: { id: string; headers: Headers }) {
  const domain = `svc-${++seq}-${Date.now().toString(36)}.test`;
  const set = await post(`/api/projects/${u.id}/domain/`, u.headers, { clientDomain: domain });
  expect(set.statusCode, set.body).toBe(200);
  await t.ctx.repos.projectsRepo.update(u.id, { isDomainVerified: true });
  return domain;
}

const sitemapOf = (files: Map<string, Buffer>) => files.get('/sitemap.xml')!.toString('utf8');

/** The site's 301s as the deployed `_redirects` file says them, by old address. */
function redirectsOf(files: Map<string, Buffer>): Map<string, string> {
  const text = files.get('/_redirects')?.toString('utf8') ?? '';
  const rules = new Map<string, string>();
  for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
    const [from, to, status] = line.split(' ');
    expect(status).toBe('301');
    rules.set(from!, to!);
  }
  return rules;
}

describe('service-city pages that go away', () => {
  it(
    'redirect to their city page: 301 on Netlify, out of the sitemap, IndexNow told',
    async () => {
      const u = await writtenRoofer();
      const domain = await verifiedDomain(u);

      const first = await published(t, u.id, u.headers);
      expect(first.deployment.state).toBe('ready');
      const skylights = `${ROUND_ROCK}/skylight-installation`;
      expect(netlify.visit(domain, skylights).status).toBe(200);
      expect(sitemapOf(netlify.publishedFiles(domain))).toContain(`https://${domain}${skylights}<`);

      // Round Rock stops offering skylights (and still offers roof repair).
      await uploaded(t, u.id, u.headers, [sheet('Roof Repair')]);
      await settledLong(u.id, u.headers);
      await t.drainQueue(QUEUES.scoreSimilarity);
      const toldBefore = indexNow.submissions.filter((s) => s.host === domain).length;
      const second = await published(t, u.id, u.headers);
      expect(second.deployment.state).toBe('ready');

      const files = netlify.publishedFiles(domain);
      expect(redirectsOf(files)).toEqual(new Map([[skylights, ROUND_ROCK]]));
      expect(netlify.visit(domain, skylights)).toEqual({ status: 301, location: ROUND_ROCK });
      expect(netlify.visit(domain, ROUND_ROCK).status).toBe(200);
      expect(netlify.visit(domain, `${ROUND_ROCK}/roof-repair`).status).toBe(200);
      const sitemap = sitemapOf(files);
      expect(sitemap).not.toContain(`${skylights}<`);
      expect(sitemap).toContain(`https://${domain}${ROUND_ROCK}/roof-repair<`);
      expect(files.get(`${ROUND_ROCK}.html`)!.toString()).not.toContain(`href="${skylights}"`);
      const told = indexNow.submissions
        .filter((s) => s.host === domain)
        .slice(toldBefore)
        .flatMap((s) => s.urlList);
      expect(told).toContain(`https://${domain}${skylights}`);

      // The project screen lists it with the others.
      const list = await get(`/api/projects/${u.id}/redirects/`, u.headers);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().results.map((r: { from: string }) => r.from)).toEqual([skylights]);
    },
    LONG,
  );
});

describe('staged releases with service-city pages', () => {
  it(
    "release a place's service pages with its city page, in the sitemap from then on",
    async () => {
      const u = await writtenRoofer();
      const staged = await post(`/api/projects/${u.id}/settings/`, u.headers, {
        release: { perDay: 1, time: '09:00', timeZone: 'UTC' },
      });
      expect(staged.statusCode, staged.body).toBe(200);
      const host = await verifiedDomain(u);
      await published(t, u.id, u.headers);
      const live = () => {
        const files = netlify.publishedFiles(host);
        const pages = [...files.keys()].filter((f) => f.startsWith('/states/')).sort();
        return { files, pages, sitemap: sitemapOf(files) };
      };
      // Nothing released: no city page and none of its service pages.
      expect(live().pages.filter((p) => p.split('/').length > 4)).toEqual([]);
      expect(live().sitemap).not.toMatch(
        /\/states\/[^<]*\/(roof-repair|gutter-cleaning|skylight-installation)</,
      );
      // The service page's "Where we offer" list names no place before its page is out.
      expect(live().files.get('/services/roof-repair.html')!.toString()).not.toContain(KYLE);

      const order: string[] = [];
      for (const n of [1, 2, 3]) {
        const toldBefore = indexNow.submissions.filter((s) => s.host === host).length;
        const since = await makeDue(t, u.id);
        await batchOut(t, u.id, u.headers, n, since);
        const rows = await t.ctx.db
          .select({ slug: cities.slug, releasedAt: cities.releasedAt })
          .from(cities)
          .where(and(eq(cities.projectId, u.id), isNotNull(cities.releasedAt)));
        const site = live();
        const released = new Map(rows.map((r) => [r.slug, r.releasedAt!]));
        for (const [path, services] of [
          [AUSTIN, ['roof-repair', 'gutter-cleaning']],
          [KYLE, ['roof-repair']],
          [ROUND_ROCK, ['roof-repair', 'skylight-installation']],
        ] as const) {
          const at = released.get(path.split('/').at(-1)!);
          for (const slug of services) {
            const file = `${path}/${slug}.html`;
            expect(site.files.has(file), `${file} after ${n}`).toBe(at !== undefined);
            if (!at) continue;
            // In the sitemap, with a lastmod no earlier than the release.
            const mod = new RegExp(`${path}/${slug}</loc><lastmod>([^<]+)<`).exec(site.sitemap);
            expect(mod, file).not.toBeNull();
            expect(new Date(mod![1]!).getTime()).toBeGreaterThanOrEqual(
              Math.floor(at.getTime() / 1000) * 1000,
            );
            if (!order.includes(path)) {
              order.push(path);
              // The service hub lists the place once its page is out.
              expect(site.files.get(`/services/${slug}.html`)!.toString()).toContain(
                `href="${path}/${slug}"`,
              );
            }
          }
        }
        expect(order).toHaveLength(n);
        // The batch's deploy told IndexNow of the place's pages, its service pages included.
        const told = indexNow.submissions
          .filter((s) => s.host === host)
          .slice(toldBefore)
          .flatMap((s) => s.urlList);
        const newest = order.at(-1)!;
        expect(told).toContain(`https://${host}${newest}`);
        expect(told.filter((url) => url.startsWith(`https://${host}${newest}/`))).toHaveLength(
          newest === KYLE ? 1 : 2,
        );
      }
    },
    LONG,
  );
});
