import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import { serviceCityPages } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signedInUser } from './helpers/factories.ts';
import { detailOf } from './helpers/generation.ts';
import { http as inject } from './helpers/http.ts';
import { citiesOf, spreadsheet, upload, uploaded } from './helpers/locations.ts';
import {
  expectedOffer as expected,
  LONG,
  offered,
  SERVICES,
  servicePagesKit,
  servicesCell,
  servicesSheet as sheet,
  SLUGS,
  TWENTY,
} from './helpers/service-pages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get, post } = inject(() => t);
const { settledLong, keyedUser, roofer, setServicePages } = servicePagesKit(() => t);

describe('service-city pages', () => {
  it(
    'writes exactly the offered pairs when turned on, and none when off',
    async () => {
      const { headers } = await signedInUser(t, { superuser: true });
      const id = await roofer(headers);
      const report = await uploaded(t, id, headers, [sheet()]);
      // Kyle's unknown service is reported on its row.
      expect(report.notes).toContainEqual({
        file: 'areas.csv',
        line: 8,
        reason:
          'Services: "Chimney sweep" is not one of the project\'s services; no page is made for it.',
      });
      await settledLong(id, headers);
      // Off by default: the Services column alone makes no page.
      expect(offered(await detailOf(t, id, headers))).toEqual({});

      const on = await setServicePages(id, headers, {
        enabled: true,
        services: 'all',
        unlisted: 'none',
      });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().data.servicePages).toEqual({
        enabled: true,
        services: 'all',
        unlisted: 'none',
      });
      const detail = await settledLong(id, headers);
      expect(detail.status).toBe(PROJECT_STATUS.created);
      const want = expected((i) => servicesCell(i).slugs);
      expect(offered(detail)).toEqual(want);
      const pairs = Object.values(want).flat().length;
      expect(pairs).toBeGreaterThan(20);
      for (const city of citiesOf(detail))
        for (const page of city.servicePages) expect(page.status).toBe(PAGE_STATUS.completed);

      // Each page is about its service in its city, under its city's address.
      const rows = await t.ctx.db
        .select()
        .from(serviceCityPages)
        .where(eq(serviceCityPages.projectId, id));
      expect(rows).toHaveLength(pairs);
      const kyle = citiesOf(detail).find((c) => c.name === 'Kyle')!;
      for (const node of kyle.servicePages) {
        const kylePage = rows.find((r) => r.id === node.id)!;
        expect(kylePage.cityId).toBe(kyle.id);
        expect(kylePage.contentHtml).toContain('Kyle');
        const service = SERVICES[SLUGS.indexOf(node.slug)]!;
        expect(kylePage.contentHtml!.toLowerCase()).toContain(service.toLowerCase());
      }

      // Every place offers every service when a blank cell means all of them.
      await setServicePages(id, headers, { enabled: true, services: 'all', unlisted: 'all' });
      expect(offered(await settledLong(id, headers))).toEqual(
        expected((i) => (i % 5 === 0 ? SLUGS : servicesCell(i).slugs)),
      );
      // One chosen service only.
      await setServicePages(id, headers, {
        enabled: true,
        services: ['gutter-cleaning'],
        unlisted: 'none',
      });
      expect(offered(await settledLong(id, headers))).toEqual(
        expected((i) => servicesCell(i).slugs.filter((s) => s === 'gutter-cleaning')),
      );
      // Choosing one more service queues its missing pages.
      const more = await setServicePages(id, headers, {
        enabled: true,
        services: ['gutter-cleaning', 'roof-repair'],
        unlisted: 'none',
      });
      expect(more.statusCode, more.body).toBe(200);
      expect(offered(await settledLong(id, headers))).toEqual(
        expected((i) =>
          servicesCell(i).slugs.filter((s) => s === 'gutter-cleaning' || s === 'roof-repair'),
        ),
      );

      const off = await setServicePages(id, headers, {
        enabled: false,
        services: 'all',
        unlisted: 'none',
      });
      expect(off.statusCode).toBe(200);
      expect(offered(await settledLong(id, headers))).toEqual({});
      expect(
        await t.ctx.db.select().from(serviceCityPages).where(eq(serviceCityPages.projectId, id)),
      ).toEqual([]);
    },
    LONG,
  );

  it(
    'drops the page of a place that stops offering a service, and adds a newly offered one',
    async () => {
      const { headers } = await signedInUser(t, { superuser: true });
      const id = await roofer(headers);
      await setServicePages(id, headers, { enabled: true, services: 'all', unlisted: 'none' });
      await uploaded(t, id, headers, [sheet()]);
      const before = offered(await settledLong(id, headers));
      expect(before).toEqual(expected((i) => servicesCell(i).slugs));
      // Austin (the first place, blank before) now offers roof repair; Round Rock offers only
      // skylights.
      await uploaded(t, id, headers, [
        spreadsheet('csv', [
          ['City', 'State', 'County', 'ZIP', 'Services'],
          [...TWENTY[0]!, 'Roof Repair'],
          [...TWENTY[1]!, 'Skylight Installation'],
        ]),
      ]);
      const after = offered(await settledLong(id, headers));
      expect(after).toEqual({
        ...before,
        Austin: ['roof-repair'],
        'Round Rock': ['skylight-installation'],
      });
    },
    LONG,
  );

  it(
    "checks the setting: the project's own services, the owner only, and counts before saving",
    async () => {
      const owner = await keyedUser('pro');
      const other = await keyedUser('pro');
      const id = await roofer(owner.headers);
      await uploaded(t, id, owner.headers, [sheet()]);
      await settledLong(id, owner.headers);

      const unknown = await setServicePages(id, owner.headers, {
        enabled: true,
        services: ['roof-repair', 'chimney-sweep'],
        unlisted: 'none',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('Not services of this project: chimney-sweep');
      const bad = await setServicePages(id, owner.headers, { enabled: 'yes', services: 'all' });
      expect(bad.statusCode).toBe(400);

      const setting = { enabled: true, services: 'all', unlisted: 'none' };
      const preview = await post(
        `/api/projects/${id}/settings/service-pages/preview/`,
        owner.headers,
        setting,
      );
      expect(preview.statusCode, preview.body).toBe(200);
      const pairs = Object.values(expected((i) => servicesCell(i).slugs)).flat().length;
      expect(preview.json().data).toEqual({ adding: pairs, removing: 0, total: pairs });
      // Nothing changed yet.
      expect(
        (await get(`/api/projects/${id}/settings/`, owner.headers)).json().data.servicePages,
      ).toEqual({ enabled: false, services: 'all', unlisted: 'none' });

      const estimate = await get(
        `/api/ai-models/estimate/?model=offline-draft&kind=service-city&pages=${pairs}&project=${id}`,
        owner.headers,
      );
      expect(estimate.statusCode, estimate.body).toBe(200);
      expect(estimate.json()).toMatchObject({ kind: 'service-city', pages: pairs });

      for (const res of [
        await setServicePages(id, other.headers, setting),
        await post(`/api/projects/${id}/settings/service-pages/preview/`, other.headers, setting),
      ])
        expect(res.statusCode).toBe(404);
      const badId = await post(
        `/api/projects/nope/settings/service-pages/preview/`,
        owner.headers,
        setting,
      );
      expect(badId.statusCode).toBe(400);
    },
    LONG,
  );

  it(
    'counts each service-city page against the monthly allowance, refusing the setting over it',
    async () => {
      // Free: 25 pages a month. Five places (5 pages) offering 4 services make 20 more.
      const u = await keyedUser('free');
      const id = await roofer(u.headers);
      const five = spreadsheet('csv', [
        ['City', 'State', 'County', 'ZIP', 'Services'],
        ...TWENTY.slice(0, 5).map((c) => [...c, SERVICES.join(', ')]),
      ]);
      expect((await upload(t, id, u.headers, [five])).statusCode).toBe(201);
      await settledLong(id, u.headers);
      const on = await setServicePages(id, u.headers, {
        enabled: true,
        services: 'all',
        unlisted: 'none',
      });
      expect(on.statusCode, on.body).toBe(200);
      await settledLong(id, u.headers);
      expect(Object.values(offered(await detailOf(t, id, u.headers))).flat()).toHaveLength(20);

      // Pages made count for the month even once removed: made again, they would be 45 of 25.
      await setServicePages(id, u.headers, { enabled: false, services: 'all', unlisted: 'none' });
      const again = await setServicePages(id, u.headers, {
        enabled: true,
        services: 'all',
        unlisted: 'none',
      });
      expect(again.statusCode).toBe(403);
      expect(
        (await get(`/api/projects/${id}/settings/`, u.headers)).json().data.servicePages.enabled,
      ).toBe(false);
      expect(offered(await detailOf(t, id, u.headers))).toEqual({});
    },
    LONG,
  );
});
