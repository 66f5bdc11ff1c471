import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import { pageVersions, serviceCityPages } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { http } from './helpers/http.ts';
import { citiesOf, spreadsheet, uploaded } from './helpers/locations.ts';
import { LONG, servicePagesKit, SERVICES, TWENTY } from './helpers/service-pages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get, post } = http(() => t);
const { settledLong, keyedUser, roofer, setServicePages } = servicePagesKit(() => t);

/** A roofer whose three places each offer roof repair, written; Kyle's page is the one used. */
async function written() {
  const u = await keyedUser('pro');
  const id = await roofer(u.headers);
  await setServicePages(id, u.headers, { enabled: true, services: 'all', unlisted: 'none' });
  await uploaded(t, id, u.headers, [
    spreadsheet('csv', [
      ['City', 'State', 'County', 'ZIP', 'Services'],
      ...TWENTY.slice(5, 8).map((c) => [...c, SERVICES[0]!]),
    ]),
  ]);
  const detail = await settledLong(id, u.headers);
  const kyle = citiesOf(detail).find((c) => c.name === 'Kyle')!;
  expect(kyle.servicePages).toMatchObject([
    { service: 'Roof Repair', slug: 'roof-repair', status: PAGE_STATUS.completed },
  ]);
  return { ...u, id, kyle };
}

describe('the export of the places', () => {
  it(
    'has one column per service: offered and its page status; uploaded back it adds no fact',
    async () => {
      const u = await written();
      const res = await get(`/api/projects/${u.id}/cities/export/?format=csv`, u.headers);
      expect(res.statusCode, res.body).toBe(200);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const header = lines[0]!.split(',');
      const columns = SERVICES.map((s) => header.indexOf(`Service page: ${s}`));
      expect(columns.every((c) => c > 0)).toBe(true);
      const kyle = lines.find((l) => l.startsWith('Kyle,'))!.split(',');
      expect(columns.map((c) => kyle[c])).toEqual(['Offered · Completed', '', '', '']);

      const back = await uploaded(t, u.id, u.headers, [
        { name: 'places.csv', data: Buffer.from(res.body, 'utf8'), type: 'text/csv' },
      ]);
      expect(back.factColumns).toEqual([]);
      expect(back.citiesUpdated).toBe(0);
    },
    LONG,
  );
});

describe('a service-city page through the city routes', () => {
  it(
    'is read, previewed, saved with versions and regenerated beside itself',
    async () => {
      const u = await written();
      const { id, headers } = u;
      const city = u.kyle.id;
      const view = await get(
        `/api/projects/${id}/homepage/view/?city_id=${city}&service=roof-repair`,
        headers,
      );
      expect(view.statusCode, view.body).toBe(200);
      const data = view.json() as {
        kind: string;
        name: string;
        page: { id: string; content_html: string; complete_html: string };
      };
      expect(data.kind).toBe('service-city');
      expect(data.name).toBe('Roof Repair in Kyle, TX');
      expect(data.page.complete_html).toContain('Roof Repair');

      const preview = await get(
        `/api/projects/${id}/zipcodes/${city}/?service=roof-repair`,
        headers,
      );
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().html).toContain('href="/states/texas/hays-county/kyle"');

      const edited = `${data.page.content_html}<p>Hand-written note for Kyle roofs.</p>`;
      const save = await post(`/project/${id}/city/${city}/save/`, headers, {
        html: edited,
        content_html: edited,
        meta_tags: '<title>Roof Repair in Kyle</title>',
        service: 'roof-repair',
      });
      expect(save.statusCode, save.body).toBe(200);
      const [row] = await t.ctx.db
        .select()
        .from(serviceCityPages)
        .where(eq(serviceCityPages.id, data.page.id));
      expect(row!.contentHtml).toBe(edited);
      const versions = await t.ctx.db
        .select()
        .from(pageVersions)
        .where(eq(pageVersions.serviceCityId, data.page.id));
      expect(versions.length).toBe(2);
      // The city's own page was not touched.
      const cityView = await get(`/api/projects/${id}/homepage/view/?city_id=${city}`, headers);
      expect(cityView.json().page.content_html).not.toContain('Hand-written note');

      const version = await post(`/project/${id}/get_version_html/`, headers, {
        version_id: versions.find((v) => v.contentHtml === edited)!.id,
        city_id: city,
        service: 'roof-repair',
      });
      expect(version.statusCode, version.body).toBe(200);
      expect(version.json().html).toBe(edited);

      const again = await post(
        `/api/projects/${id}/city/${city}/regenerate/?service=roof-repair`,
        headers,
      );
      expect(again.statusCode, again.body).toBe(200);
      await settledLong(id, headers);
      // Written again, the new page waits beside the edited one for the owner to pick.
      const proposed = await t.ctx.db
        .select()
        .from(pageVersions)
        .where(and(eq(pageVersions.serviceCityId, data.page.id), eq(pageVersions.proposed, true)));
      expect(proposed).toHaveLength(1);

      // The editor compares and picks it on the city's proposal routes, naming the service.
      const proposalPath = `/api/projects/${id}/city/${city}/proposal/`;
      const proposal = await get(`${proposalPath}?service=roof-repair`, headers);
      expect(proposal.statusCode, proposal.body).toBe(200);
      expect(proposal.json().proposed.id).toBe(proposed[0]!.id);
      expect(proposal.json().current.contentHtml).toBe(edited);
      // Without the service it is the city's own page, which has nothing waiting.
      expect((await get(proposalPath, headers)).json().proposed).toBeNull();
      const pick = await post(`${proposalPath}${proposed[0]!.id}/?service=roof-repair`, headers, {
        use: 'proposed',
      });
      expect(pick.statusCode, pick.body).toBe(200);
      const [picked] = await t.ctx.db
        .select()
        .from(serviceCityPages)
        .where(eq(serviceCityPages.id, data.page.id));
      expect(picked!.contentHtml).toBe(pick.json().page.contentHtml);
      expect(picked!.contentHtml).toBe(proposed[0]!.contentHtml);
    },
    LONG,
  );

  it(
    'is 404 to another user, 404 for a service the place does not offer, 400 for a bad name',
    async () => {
      const u = await written();
      const other = await keyedUser('pro');
      const city = u.kyle.id;
      const base = `/api/projects/${u.id}`;
      const forOther = [
        await get(`${base}/homepage/view/?city_id=${city}&service=roof-repair`, other.headers),
        await get(`${base}/zipcodes/${city}/?service=roof-repair`, other.headers),
        await post(`${base}/city/${city}/regenerate/?service=roof-repair`, other.headers),
        await get(`${base}/city/${city}/proposal/?service=roof-repair`, other.headers),
        await post(`/project/${u.id}/city/${city}/save/`, other.headers, {
          html: '<p>x</p>',
          content_html: '<p>x</p>',
          service: 'roof-repair',
        }),
      ];
      for (const res of forOther) expect(res.statusCode, res.body).toBe(404);

      const notOffered = await get(
        `${base}/homepage/view/?city_id=${city}&service=gutter-cleaning`,
        u.headers,
      );
      expect(notOffered.statusCode).toBe(404);
      const bad = await get(`${base}/zipcodes/${city}/?service=Roof%20Repair!`, u.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('Not a valid service');
      const noCity = await get(`${base}/homepage/view/?service=roof-repair`, u.headers);
      expect(noCity.statusCode).toBe(400);
      const badCity = await get(
        `${base}/homepage/view/?city_id=nope&service=roof-repair`,
        u.headers,
      );
      expect(badCity.statusCode).toBe(400);
    },
    LONG,
  );
});
