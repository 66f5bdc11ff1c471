import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiUsage, cities } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { adminUsers, seedUsage } from './helpers/admin.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { FIFTY_CITIES, spreadsheet, upload } from './helpers/locations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const citiesFile = (n: number, from = 0) =>
  spreadsheet('csv', [
    ['City', 'State', 'County', 'ZIP'],
    ...FIFTY_CITIES.slice(from, from + n).map((c) => [...c]),
  ]);

const del = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'DELETE', url, headers });

describe('the city-page allowance is a ledger', () => {
  it('deleting cities and then the whole project gives no allowance back', async () => {
    const u = await signedInUser(t, { plan: 'free' });
    const first = await createProject(t, u.user.id);
    expect((await upload(t, first.id, u.headers, [citiesFile(20)])).statusCode).toBe(201);
    await settled(t, first.id, u.headers);

    const made = await t.ctx.db.select().from(cities).where(eq(cities.projectId, first.id));
    expect(
      (await del(`/api/projects/${first.id}/city/${made[0]!.id}/`, u.headers)).statusCode,
    ).toBe(200);
    expect((await del(`/api/projects/${first.id}/delete/`, u.headers)).statusCode).toBe(200);

    // Free allows one project, so the deleted one's place is free; its 20 pages stay spent.
    const second = await createProject(t, u.user.id);
    const over = await upload(t, second.id, u.headers, [citiesFile(6, 20)]);
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toContain('5 are left this month (20 used;');
    expect((await upload(t, second.id, u.headers, [citiesFile(5, 20)])).statusCode).toBe(201);
    await t.drainQueue(QUEUES.generatePage);
  });
});

describe('AI usage outlives its project', () => {
  it("keeps the usage rows (detached) and the admin's figures when a project is deleted", async () => {
    const admin = await signedInUser(t, { superuser: true });
    const u = await signedInUser(t, { plan: 'basic' });
    const project = await createProject(t, u.user.id);
    await seedUsage(
      t,
      u.user.id,
      [
        { prompt: 1000, completion: 250 },
        { prompt: 400, completion: 100 },
      ],
      project.id,
    );
    const figures = async () =>
      (await adminUsers(t, admin.headers, `?search=${u.email}`)).results[0]!.usage;
    const before = await figures();
    expect(before).toEqual({
      calls: 2,
      promptTokens: 1400,
      completionTokens: 350,
      totalTokens: 1750,
      costUsd: 0,
      unpricedCalls: 0,
    });

    expect((await del(`/api/projects/${project.id}/delete/`, u.headers)).statusCode).toBe(200);

    expect(await figures()).toEqual(before);
    const rows = await t.ctx.db.select().from(aiUsage).where(eq(aiUsage.userId, u.user.id));
    expect(rows.map((r) => r.projectId)).toEqual([null, null]);
  });
});
