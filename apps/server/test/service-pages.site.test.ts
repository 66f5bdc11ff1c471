import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { citiesOf, uploaded } from './helpers/locations.ts';
import { folderOf, validateHtml } from './helpers/publishing.ts';
import {
  expectedOffer,
  LONG,
  SERVICES,
  servicePagesKit,
  servicesCell,
  servicesSheet,
  SLUGS,
} from './helpers/service-pages.ts';
import { unzip } from './helpers/zip.ts';
import { buildSite } from '../src/modules/publishing/site-build.ts';
import { createSiteOutput } from '../src/modules/publishing/site-output.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { settledLong, keyedUser, roofer, setServicePages } = servicePagesKit(() => t);

type JsonLd = { '@type': string; [key: string]: unknown };
const jsonLd = (html: string): JsonLd[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );

async function downloadSite(id: string, headers: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${id}/download-site/`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return unzip(res.rawPayload);
}

describe('service-city pages on the published site', () => {
  it(
    'sit under their city, linked from it and from their service hub, with honest markup, in the sitemap',
    async () => {
      const u = await keyedUser('pro');
      const id = await roofer(u.headers);
      await t.ctx.repos.projectsRepo.update(id, { clientDomain: 'highridge.test' });
      await uploaded(t, id, u.headers, [servicesSheet()]);
      await settledLong(id, u.headers);
      const on = await setServicePages(id, u.headers, {
        enabled: true,
        services: 'all',
        unlisted: 'none',
      });
      expect(on.statusCode, on.body).toBe(200);
      const detail = await settledLong(id, u.headers);

      const files = await downloadSite(id, u.headers);
      const html = (file: string) => files.get(file)?.toString('utf8') ?? '';
      const sitemap = html('/sitemap.xml');
      const want = expectedOffer((i) => servicesCell(i).slugs);
      let pairs = 0;
      for (const city of citiesOf(detail)) {
        const cityPath = `/states/${city.state.slug}/${city.county.slug}/${city.slug}`;
        const cityPage = html(`${cityPath}.html`);
        expect(cityPage, city.name).toContain('<!doctype html>');
        const offeredHere = want[city.name] ?? [];
        for (const [k, slug] of SLUGS.entries()) {
          const path = `${cityPath}/${slug}`;
          if (!offeredHere.includes(slug)) {
            // Not offered there: no page, no link, no address in the sitemap.
            expect(files.has(`${path}.html`), path).toBe(false);
            expect(cityPage).not.toContain(`href="${path}"`);
            continue;
          }
          pairs += 1;
          const page = html(`${path}.html`);
          expect(page, path).toContain(`<h1`);
          expect(page).toContain(city.name);
          expect(cityPage, `${city.name} links ${slug}`).toContain(`href="${path}"`);
          expect(html(`/services/${slug}.html`)).toContain(`href="${path}"`);
          expect(sitemap).toContain(`<loc>https://highridge.test${path}</loc>`);
          expect(page).toContain(`<link rel="canonical" href="https://highridge.test${path}">`);
          // Service in this city by this business; breadcrumbs down to it; no self-review.
          const data = jsonLd(page);
          const service = data.find((d) => d['@type'] === 'Service')!;
          expect(service).toMatchObject({
            name: `${SERVICES[k]} in ${city.name}, ${city.state.code}`,
            serviceType: SERVICES[k],
            areaServed: [`${city.name}, ${city.state.code}`],
            provider: { '@type': 'LocalBusiness', name: 'High Ridge Roofing' },
          });
          const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList')!;
          expect(JSON.stringify(crumbs)).toContain(`https://highridge.test${cityPath}"`);
          expect(page).not.toMatch(/"@type":"(Review|AggregateRating)"/);
        }
      }
      expect(pairs).toBe(Object.values(want).flat().length);

      // Each service page lists where it is offered, grouped by state.
      const hub = html('/services/roof-repair.html');
      expect(hub).toContain('Where We Offer Roof Repair');
      expect(hub).toContain('<h3 class="more-heading">Texas</h3>');

      const dir = folderOf(files);
      try {
        expect(await validateHtml(dir)).toEqual([]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }

      // Turned off, the site has none of them.
      await setServicePages(id, u.headers, { enabled: false, services: 'all', unlisted: 'none' });
      await settledLong(id, u.headers);
      const after = await downloadSite(id, u.headers);
      const left = [...after.keys()].filter((f) =>
        SLUGS.some((s) => f.endsWith(`/${s}.html`) && f.startsWith('/states/')),
      );
      expect(left).toEqual([]);
      expect(after.get('/services/roof-repair.html')!.toString()).not.toContain('Where We Offer');
    },
    LONG,
  );

  it(
    "are read with their cities in batches of any size to the same files, linked in the services' order",
    async () => {
      const u = await keyedUser('pro');
      const id = await roofer(u.headers);
      await uploaded(t, id, u.headers, [servicesSheet()]);
      await settledLong(id, u.headers);
      await setServicePages(id, u.headers, { enabled: true, services: 'all', unlisted: 'none' });
      const detail = await settledLong(id, u.headers);
      const project = (await t.ctx.repos.projectsRepo.findById(id))!;
      const build = async (batchSize: number) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-services-'));
        try {
          const out = createSiteOutput(dir);
          const result = await buildSite({
            project,
            siteUrl: 'https://highridge.test',
            repo: t.ctx.repos.publishingRepo,
            images: t.ctx.modules.images.files,
            out,
            batchSize,
          });
          const pages = new Map(
            citiesOf(detail).map((c) => {
              const file = `states/${c.state.slug}/${c.county.slug}/${c.slug}.html`;
              return [c.name, fs.readFileSync(path.join(dir, file), 'utf8')] as const;
            }),
          );
          return { pages: result.pages, digest: [...out.digest].sort(), cityPages: pages };
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      };
      const whole = await build(250);
      const want = expectedOffer((i) => servicesCell(i).slugs);
      expect(whole.pages).toBeGreaterThan(Object.values(want).flat().length);
      // One city a batch, and batches that end between a city's own page and its services'.
      for (const size of [1, 2, 3]) expect((await build(size)).digest).toEqual(whole.digest);
      for (const [name, page] of whole.cityPages) {
        const linked = [...page.matchAll(/href="\/states\/[^"]+\/([a-z-]+)"/g)]
          .map((m) => m[1]!)
          .filter((slug) => SLUGS.includes(slug));
        expect(linked, name).toEqual(SLUGS.filter((slug) => want[name]?.includes(slug)));
      }
    },
    LONG,
  );
});
