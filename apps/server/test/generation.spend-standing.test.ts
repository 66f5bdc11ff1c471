import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import { aiUsage, cities } from '../src/db/schema/index.ts';
import { monthStartUtc } from '../src/lib/utc-month.ts';
import { createSpendRepo } from '../src/modules/ai/spend.repo.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { addCity, createProject, createUser } from './helpers/factories.ts';

/**
 * The caps' read of what is spent and what is being written (spend.repo `standing`) while a
 * page's usage lands: the page must count once, in flight before its usage and spent after,
 * never in both and never in neither. Read as separate statements, it did both now and then
 * (seen in CI on PostgreSQL: a page held though the cap had room for it).
 */
const MODEL = 'anthropic/claude-3.7-sonnet';
const PAGE_USD = 0.1;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a cap check's standing", () => {
  it('counts a page being written exactly once while its usage comes and goes', async () => {
    const { db } = t.ctx;
    const { user } = await createUser(t);
    const project = await createProject(t, user.id, { model: MODEL });
    const { city } = await addCity(t, project.id, {
      name: 'Kyle',
      county: 'Hays',
      state: 'TX',
      stateName: 'Texas',
      status: PAGE_STATUS.inProgress,
    });
    // Claimed a minute ago: a usage row stamped now is the claim's call.
    await db
      .update(cities)
      .set({ model: MODEL, updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(cities.id, city.id));
    const spend = createSpendRepo(db);
    const since = monthStartUtc(new Date());

    // The call's usage lands and is taken back, over and over, beside the reads.
    let stop = false;
    const writer = (async () => {
      let toggles = 0;
      while (!stop) {
        const [row] = await db
          .insert(aiUsage)
          .values({
            userId: user.id,
            projectId: project.id,
            cityId: city.id,
            model: MODEL,
            callType: 'city',
            costUsd: PAGE_USD,
          })
          .returning({ id: aiUsage.id });
        await db.delete(aiUsage).where(eq(aiUsage.id, row!.id));
        toggles += 1;
      }
      return toggles;
    })();

    const totals: Array<{ project: number; account: number; flying: number }> = [];
    try {
      for (let i = 0; i < 200; i += 1) {
        const s = await spend.standing({ projectId: project.id, ownerId: user.id }, since);
        const flying = s.flights.length * PAGE_USD;
        totals.push({ project: s.project + flying, account: s.account + flying, flying });
      }
    } finally {
      stop = true;
    }
    expect(await writer).toBeGreaterThan(10);
    // Both moments were read: the page in flight, and the page spent.
    expect(totals.some((s) => s.flying > 0)).toBe(true);
    expect(totals.some((s) => s.flying === 0)).toBe(true);
    const wrong = totals.filter(
      (s) => Math.abs(s.project - PAGE_USD) > 1e-6 || Math.abs(s.account - PAGE_USD) > 1e-6,
    );
    expect(wrong).toEqual([]);
  });
});
