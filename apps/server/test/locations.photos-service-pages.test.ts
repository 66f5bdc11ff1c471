import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import { cities, serviceCityPages } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { factsOf, leanOf } from './helpers/facts.ts';
import { http } from './helpers/http.ts';
import { spreadsheet, uploaded } from './helpers/locations.ts';
import { startPhotoHost, type PhotoHost } from './helpers/photo-host.ts';
import { LONG, servicePagesKit } from './helpers/service-pages.ts';
import { unzip } from './helpers/zip.ts';

/**
 * A place's photo stands beside the hero of its city page and of its pages for its services.
 * A photo that lands after those pages were written marks them all, as a change of the
 * place's facts does, and "Rewrite changed pages" writes them with it.
 */

let t: TestApp;
let host: PhotoHost;
beforeAll(async () => {
  host = await startPhotoHost();
  t = await createTestApp({ FETCH_TRUSTED_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  host.release();
  await t.close();
  await host.close();
});

const { post } = http(() => t);
const { settledLong, keyedUser, roofer, setServicePages } = servicePagesKit(() => t);

const pagesOf = (projectId: string) =>
  t.ctx.db.select().from(serviceCityPages).where(eq(serviceCityPages.projectId, projectId));

async function cityId(projectId: string, name: string) {
  const [row] = await t.ctx.db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.projectId, projectId), eq(cities.name, name)));
  return row!.id;
}

/** Waits until the project's service-city pages are all written. */
async function serviceCityPagesWritten(projectId: string, count: number) {
  const deadline = Date.now() + LONG;
  for (;;) {
    const rows = await pagesOf(projectId);
    if (rows.length === count && rows.every((r) => r.status === PAGE_STATUS.completed)) return;
    if (Date.now() > deadline) throw new Error(`service-city pages not written: ${rows.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("a place's photo and its service-city pages", () => {
  it(
    'landing after they were written, marks them with the city page; rewritten, they show it',
    async () => {
      const u = await keyedUser('pro');
      const id = await roofer(u.headers);
      await t.ctx.repos.projectsRepo.update(id, { clientDomain: 'highridge.test' });
      await setServicePages(id, u.headers, { enabled: true, services: 'all', unlisted: 'none' });
      await uploaded(t, id, u.headers, [
        spreadsheet('csv', [
          ['City', 'State', 'County', 'ZIP', 'Services', 'Photo'],
          [
            'Austin',
            'TX',
            'Travis',
            '78701',
            'Roof Repair, Gutter Cleaning',
            host.url('/held-austin.png'),
          ],
          ['Kyle', 'TX', 'Hays', '78640', 'Roof Repair', ''],
        ]),
      ]);
      // Austin's city page waits for its photo; its service pages are written meanwhile.
      await serviceCityPagesWritten(id, 3);
      const austin = await cityId(id, 'Austin');
      const kyle = await cityId(id, 'Kyle');
      for (const row of await pagesOf(id)) expect(row.contentHtml).not.toContain('place-photo');

      host.release();
      await t.drainQueue(QUEUES.fetchCityPhoto);
      expect((await settledLong(id, u.headers)).status).toBe(PROJECT_STATUS.created);
      const { photoSrc } = await factsOf(t, id, austin, u.headers);
      expect(photoSrc).toMatch(/^\/images\/.+\.png$/);
      // The city page was written with the photo; the pages written before it landed are marked.
      const lean = await leanOf(t, id, u.headers);
      expect([lean.factsChangedCities, lean.factsChangedServicePages]).toEqual([0, 2]);
      const marked = (await pagesOf(id)).filter((r) => r.factsChangedAt !== null);
      expect(marked.map((r) => r.cityId)).toEqual([austin, austin]);

      const res = await post(`/api/projects/${id}/cities/rewrite-changed/`, u.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: MSG.factsChangedRewriting, count: 2 });
      expect((await settledLong(id, u.headers)).status).toBe(PROJECT_STATUS.created);
      for (const row of await pagesOf(id)) {
        expect(row.factsChangedAt).toBeNull();
        if (row.cityId === kyle) expect(row.contentHtml).not.toContain('place-photo');
        else expect(row.contentHtml).toContain(`<img src="${photoSrc}"`);
      }
      const done = await leanOf(t, id, u.headers);
      expect([done.factsChangedCities, done.factsChangedServicePages]).toEqual([0, 0]);

      // On the site: the photo beside the hero, named as the page's subject, and its image.
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${id}/download-site/`,
        headers: u.headers,
      });
      expect(download.statusCode, download.body).toBe(200);
      const files = await unzip(download.rawPayload);
      expect(files.get(photoSrc!)?.equals(host.png)).toBe(true);
      const page = files.get('/states/texas/travis-county/austin/roof-repair.html')!.toString();
      expect(page).toContain(`<img src="${photoSrc}" alt="Roof Repair in Austin, TX"`);
      const image = `https://highridge.test${photoSrc}`;
      expect(page).toContain(`<meta property="og:image" content="${image}">`);
      expect(page).toContain(`"image":"${image}"`);
      const kyles = files.get('/states/texas/hays-county/kyle/roof-repair.html')!.toString();
      expect(kyles).not.toContain('og:image');
    },
    LONG,
  );
});
