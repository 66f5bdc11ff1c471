import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, PAGE_STATUS, PROJECT_STATUS, qualityVerdict } from '@cityforge/shared';
import { serviceCityPages } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { editorApi, saveBody, viewOf } from './helpers/editor.ts';
import { factsApi, leanCities, leanOf } from './helpers/facts.ts';
import { detailOf } from './helpers/generation.ts';
import { http } from './helpers/http.ts';
import { citiesOf, spreadsheet, uploaded } from './helpers/locations.ts';
import { LONG, servicePagesKit } from './helpers/service-pages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post } = http(() => t);
const facts = factsApi(() => t);
const editor = editorApi(() => t);
const { settledLong, keyedUser, roofer, setServicePages } = servicePagesKit(() => t);
const OWNER_WORDS = 'Owner’s own words: we re-shingled forty roofs on Elm Street last spring.';

/** Austin and Kyle have a fact and offer services; Round Rock offers roof repair, no facts. */
const sheet = (austinJobs: string, kyleJobs: string) =>
  spreadsheet('csv', [
    ['City', 'State', 'County', 'ZIP', 'Services', 'Jobs completed'],
    ['Austin', 'TX', 'Travis', '78701', 'Roof Repair, Gutter Cleaning', austinJobs],
    ['Kyle', 'TX', 'Hays', '78640', 'Roof Repair', kyleJobs],
    ['Round Rock', 'TX', 'Williamson', '78664', 'Roof Repair', ''],
  ]);

async function written() {
  const u = await keyedUser('pro');
  const id = await roofer(u.headers);
  await setServicePages(id, u.headers, { enabled: true, services: 'all', unlisted: 'none' });
  await uploaded(t, id, u.headers, [sheet('142', '12')]);
  expect((await settledLong(id, u.headers)).status).toBe(PROJECT_STATUS.created);
  await t.drainQueue(QUEUES.scoreSimilarity);
  const detail = await detailOf(t, id, u.headers);
  const ids = Object.fromEntries(citiesOf(detail).map((c) => [c.name, c.id]));
  return { ...u, id, ids };
}

const rowsOf = (projectId: string) =>
  t.ctx.db.select().from(serviceCityPages).where(eq(serviceCityPages.projectId, projectId));

describe("a place's changed facts and its service-city pages", () => {
  it(
    'mark them as its city page is marked, and "Rewrite changed pages" rewrites them, keeping edits',
    async () => {
      const { id, headers, ids } = await written();
      const austin = ids.Austin!;
      // The owner rewrote a paragraph of Austin's roof repair page by hand.
      const query = { city_id: austin, service: 'roof-repair' };
      const view = await viewOf(t, id, headers, query);
      const paragraph = /<p>([^<]{60,})<\/p>/.exec(view.page.content_html)![1]!;
      const edited = view.page.content_html.replace(paragraph, OWNER_WORDS);
      const saved = await editor.saveCity(id, austin, headers, {
        ...saveBody(view, { content_html: edited }),
        service: 'roof-repair',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await t.drainQueue(QUEUES.scoreSimilarity);
      const none = await post(`/api/projects/${id}/cities/rewrite-changed/`, headers);
      expect(none.json()).toEqual({ message: MSG.factsChangedRewriting, count: 0 });
      const before = new Map((await rowsOf(id)).map((r) => [r.id, r]));

      // Austin's facts change in the facts panel, Kyle's in a new upload; Round Rock's stay.
      const put = await facts.put(id, austin, headers, {
        facts: [{ name: 'Jobs completed', value: '150' }],
        photo: null,
      });
      expect(put.statusCode, put.body).toBe(200);
      await uploaded(t, id, headers, [sheet('150', '13')]);
      const lean = await leanOf(t, id, headers);
      expect([lean.factsChangedCities, lean.factsChangedServicePages]).toEqual([2, 3]);
      const marked = (await rowsOf(id)).filter((r) => r.factsChangedAt !== null);
      expect(marked.map((r) => r.cityId).sort()).toEqual([austin, austin, ids.Kyle!].sort());

      const res = await post(`/api/projects/${id}/cities/rewrite-changed/`, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: MSG.factsChangedRewriting, count: 5 });
      expect((await settledLong(id, headers)).status).toBe(PROJECT_STATUS.created);

      const after = await rowsOf(id);
      for (const row of after) {
        expect(row.status).toBe(PAGE_STATUS.completed);
        expect(row.factsChangedAt).toBeNull();
        const was = before.get(row.id)!;
        if (row.cityId === ids['Round Rock']) expect(row.updatedAt).toEqual(was.updatedAt);
        else expect(row.updatedAt.getTime()).toBeGreaterThan(was.updatedAt.getTime());
      }
      const [austinRoofs] = await t.ctx.db
        .select()
        .from(serviceCityPages)
        .where(and(eq(serviceCityPages.cityId, austin), eq(serviceCityPages.id, view.page.id)));
      expect(austinRoofs!.contentHtml).toContain(OWNER_WORDS);
      const done = await leanOf(t, id, headers);
      expect([done.factsChangedCities, done.factsChangedServicePages]).toEqual([0, 0]);
    },
    LONG,
  );

  it(
    'give each service-city page the verdict a city page gets, first-hand proof included',
    async () => {
      const { id, headers, ids } = await written();
      const detail = await detailOf(t, id, headers);
      const leanDetail = await leanOf(t, id, headers);
      const lean = leanCities(leanDetail);
      expect(leanDetail.qualityGate.factNames).toEqual(['Jobs completed']);
      const gate = leanDetail.qualityGate;
      const rows = new Map((await rowsOf(id)).map((r) => [r.id, r]));
      const verdicts: Record<string, string> = {};
      for (const city of citiesOf(detail))
        for (const page of city.servicePages) {
          const row = rows.get(page.id)!;
          const want = qualityVerdict({ ...row, approved: row.approvedAt !== null }, gate);
          expect(page.verdict, `${city.name} ${page.slug}`).toBe(want.verdict);
          expect(lean[city.name]!.servicePages.find((p) => p.id === page.id)!.verdict).toBe(
            want.verdict,
          );
          verdicts[`${city.name} ${page.slug}`] = page.verdict;
        }
      // Round Rock has no facts in a project whose places have them: its page is held.
      const roundRock = citiesOf(detail).find((c) => c.id === ids['Round Rock'])!;
      const held = rows.get(roundRock.servicePages[0]!.id)!;
      expect(held.factsStated).toBe(0);
      expect(qualityVerdict({ ...held, approved: false }, gate).reasons).toContain('proof');
      expect(verdicts['Round Rock roof-repair']).toBe('held');
    },
    LONG,
  );
});
