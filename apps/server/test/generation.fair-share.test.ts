import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { cities, pages } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { pageWorker } from '../src/workers.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { addPage, createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { FIFTY_CITIES, spreadsheet, upload } from './helpers/locations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Page jobs wait in the queue until `resume`: what a busy fleet of workers looks like. */
const pause = () => t.ctx.boss.offWork(QUEUES.generatePage, { wait: true });
const resume = () => pageWorker(t.ctx).start();

const waitingJobs = (projectId: string) =>
  t.ctx.boss.findJobs<{ pageId: string }>(QUEUES.generatePage, {
    data: { projectId },
    queued: true,
  });

describe('one live job per page', () => {
  it('a retry sent twice queues each failed page once', async () => {
    await pause();
    try {
      const u = await signedInUser(t, { plan: 'basic' });
      const project = await createProject(t, u.user.id, { status: 'Error' });
      const failed = await Promise.all(
        ['about', 'contact', 'faq'].map((slug) =>
          addPage(t, project.id, { slug, name: slug, status: 'Failed', failureReason: 'boom' }),
        ),
      );
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/projects/${project.id}/retry/`,
          headers: u.headers,
        });
        expect(res.statusCode).toBe(200);
      }
      const jobs = await waitingJobs(project.id);
      expect(jobs.map((j) => j.data.pageId).sort()).toEqual(failed.map((p) => p.id).sort());
    } finally {
      await resume();
    }
    await t.drainQueue(QUEUES.generatePage);
  });
});

describe('workers share out pages fairly across customers', () => {
  it("another customer's new homepage is written long before one customer's 50 cities", async () => {
    const a = await signedInUser(t, { plan: 'basic' });
    const b = await signedInUser(t, { plan: 'basic' });
    // Creating a project asks for a key even when its pages are written offline.
    await giveKeys(t, b.user.id, { openrouter: `sk-or-${b.user.id}` });
    const big = await createProject(t, a.user.id);
    await pause();
    let homepageId: string;
    try {
      const sheet = spreadsheet('csv', [
        ['City', 'State', 'County', 'ZIP'],
        ...FIFTY_CITIES.map((c) => [...c]),
      ]);
      expect((await upload(t, big.id, a.headers, [sheet])).statusCode).toBe(201);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/projects/create/',
        headers: b.headers,
        payload: { name: 'Small Co', serviceType: 'Roofing', model: 'offline-draft' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const small = (created.json() as { data: { id: string } }).data.id;
      const [homepage] = await t.ctx.db
        .select()
        .from(pages)
        .where(eq(pages.projectId, small))
        .then((rows) => rows.filter((p) => p.kind === 'homepage'));
      homepageId = homepage!.id;
      expect((await waitingJobs(big.id)).length).toBe(50);
    } finally {
      await resume();
    }
    await settled(t, big.id, a.headers);

    const [written] = await t.ctx.db.select().from(pages).where(eq(pages.id, homepageId));
    const bigCities = await t.ctx.db
      .select({ updatedAt: cities.updatedAt, status: cities.status })
      .from(cities)
      .where(inArray(cities.projectId, [big.id]));
    expect(written!.status).toBe('Completed');
    expect(bigCities.every((c) => c.status === 'Completed')).toBe(true);
    // Four workers: the homepage is among the first pages taken, so only the cities already
    // running beside it can finish first. Taken in arrival order it would come after all 50.
    const before = bigCities.filter((c) => c.updatedAt < written!.updatedAt).length;
    expect(before).toBeLessThanOrEqual(8);
    await t.drainQueue(QUEUES.generatePage);
  });
});
