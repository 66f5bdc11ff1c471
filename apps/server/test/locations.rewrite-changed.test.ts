import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import { cities } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createPagesRepo } from '../src/modules/pages/pages.repo.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { editorApi, saveBody, viewOf } from './helpers/editor.ts';
import { cityIds, factsApi, factsOf, leanOf } from './helpers/facts.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { http } from './helpers/http.ts';
import { spreadsheet, uploaded } from './helpers/locations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post } = http(() => t);
const facts = factsApi(() => t);
const editor = editorApi(() => t);
const OWNER_WORDS = 'Owner’s own words: we replaced forty water heaters on Elm Street last spring.';
const rewrite = (projectId: string, query = '') =>
  `/api/projects/${projectId}/cities/rewrite-changed/${query}`;

async function writtenProject() {
  const user = await signedInUser(t, { plan: 'pro' });
  const project = await createProject(t, user.user.id);
  const { headers } = user;
  await uploaded(t, project.id, headers, [
    spreadsheet('csv', [
      ['City', 'State', 'ZIP', 'Jobs completed'],
      ['Austin', 'TX', '78701', '142'],
      ['Kyle', 'TX', '78640', '12'],
    ]),
  ]);
  expect((await settled(t, project.id, headers)).status).toBe(PROJECT_STATUS.created);
  return { user, project, headers, ids: await cityIds(t, project.id, headers) };
}

const cityRow = async (id: string) =>
  (await t.ctx.db.select().from(cities).where(eq(cities.id, id)))[0]!;

describe('POST /api/projects/:id/cities/rewrite-changed/', () => {
  it('rewrites the marked pages, keeping the sections their owner edited, and clears the marks', async () => {
    const { project, headers, ids } = await writtenProject();
    const austin = ids.Austin!;
    // The owner rewrote a paragraph of Austin's page by hand.
    const view = await viewOf(t, project.id, headers, { city_id: austin });
    const paragraph = /<p>([^<]{60,})<\/p>/.exec(view.page.content_html)![1]!;
    const edited = view.page.content_html.replace(paragraph, OWNER_WORDS);
    const saved = await editor.saveCity(
      project.id,
      austin,
      headers,
      saveBody(view, { content_html: edited }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await t.drainQueue(QUEUES.scoreSimilarity);

    // Nothing is marked yet: nothing to rewrite.
    const none = await post(rewrite(project.id), headers);
    expect(none.json()).toEqual({ message: MSG.factsChangedRewriting, count: 0 });

    const put = await facts.put(project.id, austin, headers, {
      facts: [{ name: 'Jobs completed', value: '150' }],
      photo: null,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await leanOf(t, project.id, headers)).factsChangedCities).toBe(1);
    const before = await cityRow(austin);

    const res = await post(rewrite(project.id), headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.factsChangedRewriting, count: 1 });
    expect((await settled(t, project.id, headers)).status).toBe(PROJECT_STATUS.created);

    const after = await cityRow(austin);
    expect(after.status).toBe(PAGE_STATUS.completed);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(after.contentHtml).toContain(OWNER_WORDS);
    expect(after.factsChangedAt).toBeNull();
    expect((await factsOf(t, project.id, austin, headers)).changed).toBe(false);
    expect((await leanOf(t, project.id, headers)).factsChangedCities).toBe(0);
    // Kyle was never marked, so it was not written again.
    expect((await cityRow(ids.Kyle!)).revision).toBe(0);
  });

  it("answers 409 while the project generates and 404 for another user's project", async () => {
    const { project, headers, ids } = await writtenProject();
    await facts.put(project.id, ids.Kyle!, headers, { facts: [], photo: null });
    await t.ctx.repos.projectsRepo.update(project.id, { status: PROJECT_STATUS.inProgress });
    expect((await post(rewrite(project.id), headers)).statusCode).toBe(409);
    await t.ctx.repos.projectsRepo.update(project.id, { status: PROJECT_STATUS.created });
    const stranger = await signedInUser(t);
    expect((await post(rewrite(project.id), stranger.headers)).statusCode).toBe(404);
    // Still marked: nothing was queued.
    expect((await cityRow(ids.Kyle!)).factsChangedAt).not.toBeNull();
  });

  it('keeps the mark of a page whose facts changed after its job claimed it', async () => {
    const { ids } = await writtenProject();
    const pages = createPagesRepo(t.ctx.db);
    const written = { content: {}, contentHtml: '<p>x</p>', metaTags: '' };
    for (const [changedAfterClaim, kept] of [
      [true, true],
      [false, false],
    ] as const) {
      const jobId = crypto.randomUUID();
      const claimedAt = new Date(Date.now() - 60_000);
      const changedAt = new Date(claimedAt.getTime() + (changedAfterClaim ? 1_000 : -1_000));
      await t.ctx.db
        .update(cities)
        .set({
          status: PAGE_STATUS.inProgress,
          jobId,
          updatedAt: claimedAt,
          factsChangedAt: changedAt,
        })
        .where(eq(cities.id, ids.Austin!));
      expect(await pages.complete('city', ids.Austin!, jobId, written)).toBe(true);
      const row = await cityRow(ids.Austin!);
      expect(row.factsChangedAt === null, `changed after the claim: ${changedAfterClaim}`).toBe(
        !kept,
      );
    }
  });
});
