import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, PLAN_LIMIT_MSG } from '@cityforge/shared';
import { cities, cityPageLedger, projects } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { addCity, createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { allowanceResetsOn, citiesFile, upload } from './helpers/locations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Opts = Parameters<typeof signedInUser>[1];

async function keyedUser(opts: Opts) {
  const u = await signedInUser(t, opts);
  await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}` });
  return u;
}

const createViaApi = (headers: Record<string, string>, name = 'Acme Plumbing') =>
  t.app.inject({
    method: 'POST',
    url: '/api/projects/create/',
    headers,
    payload: {
      name,
      serviceType: 'Plumbing',
      model: 'offline-draft',
      contactPhoneNumber: '(512) 555-0100',
      email: 'hello@acme.test',
    },
  });

const projectCount = async (userId: string) =>
  (await t.ctx.db.select().from(projects).where(eq(projects.userId, userId))).length;

const cityCount = async (projectId: string) =>
  (await t.ctx.db.select().from(cities).where(eq(cities.projectId, projectId))).length;

describe('project limit', () => {
  it('Free allows one project and names the plan that lifts it', async () => {
    const u = await keyedUser({ plan: 'free' });
    expect((await createViaApi(u.headers)).statusCode).toBe(201);
    const second = await createViaApi(u.headers, 'Second');
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({
      message: 'Your Free plan allows 1 project. Upgrade to Basic for 3 projects.',
    });
    expect(await projectCount(u.user.id)).toBe(1);
  });

  it('counts existing projects on paid plans; Enterprise is unlimited', async () => {
    const u = await keyedUser({ plan: 'pro' });
    for (let i = 0; i < 15; i++) await createProject(t, u.user.id);
    const res = await createViaApi(u.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Your Pro plan allows 15 projects. Upgrade to Enterprise for unlimited projects.',
    );
    const e = await keyedUser({ plan: 'enterprise' });
    for (let i = 0; i < 20; i++) await createProject(t, e.user.id);
    expect((await createViaApi(e.headers)).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous creates through on the last place', async () => {
    const u = await keyedUser({ plan: 'free' });
    const answers = await Promise.all([createViaApi(u.headers, 'A'), createViaApi(u.headers, 'B')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    expect(await projectCount(u.user.id)).toBe(1);
  });

  it('deleting a project frees its place', async () => {
    const u = await keyedUser({ plan: 'free' });
    const first = await createProject(t, u.user.id);
    expect((await createViaApi(u.headers)).statusCode).toBe(403);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${first.id}/delete/`,
      headers: u.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await createViaApi(u.headers)).statusCode).toBe(201);
  });

  it('without a subscription that grants access, asks the user to choose a plan', async () => {
    const none = await keyedUser({});
    const res = await createViaApi(none.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.choosePlanForProjects });
    const canceled = await keyedUser({ plan: 'basic' });
    await t.ctx.repos.billingRepo.upsertSubscription({
      userId: canceled.user.id,
      planId: 'basic',
      status: 'canceled',
    });
    expect((await createViaApi(canceled.headers)).json()).toEqual({
      message: MSG.choosePlanForProjects,
    });
    expect(await projectCount(none.user.id)).toBe(0);
  });

  it('exempts superusers and admin-bypass users', async () => {
    const admin = await keyedUser({ superuser: true });
    const bypass = await keyedUser({ adminBypass: true });
    for (const u of [admin, bypass]) {
      expect((await createViaApi(u.headers)).statusCode).toBe(201);
      expect((await createViaApi(u.headers, 'Another')).statusCode).toBe(201);
    }
  });
});

describe('monthly city-page limit', () => {
  it('refuses an upload over the allowance whole, with the numbers', async () => {
    const u = await keyedUser({ plan: 'free' });
    const project = await createProject(t, u.user.id);
    const tooMany = await upload(t, project.id, u.headers, [citiesFile(26)]);
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json().message).toBe(
      `This upload adds 26 city pages, but your Free plan allows 25 city pages a month and 25 are left this month (0 used; the count starts again on ${allowanceResetsOn()}). Upgrade to Basic for 250 city pages a month.`,
    );
    expect(await cityCount(project.id)).toBe(0);
    const [row] = await t.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.status).toBe('Created');

    expect((await upload(t, project.id, u.headers, [citiesFile(20)])).statusCode).toBe(201);
    // A generating project refuses uploads (409); wait for its pages first.
    await settled(t, project.id, u.headers);
    const over = await upload(t, project.id, u.headers, [citiesFile(6, 20)]);
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toBe(
      PLAN_LIMIT_MSG.cityPages('Free', 25, 20, 6, allowanceResetsOn(), {
        name: 'Basic',
        limit: 250,
      }),
    );
    expect(over.json().message).toContain('5 are left this month (20 used;');
    expect(await cityCount(project.id)).toBe(20);
    await t.drainQueue('page');
  });

  it('counts only new cities, across projects, in this calendar month', async () => {
    const u = await keyedUser({ plan: 'basic' });
    const a = await createProject(t, u.user.id);
    const b = await createProject(t, u.user.id);
    // Last month's pages do not count.
    const old = await addCity(t, a.id, {
      name: 'Austin',
      county: 'Travis',
      state: 'TX',
      stateName: 'Texas',
    });
    await t.ctx.db
      .update(cityPageLedger)
      .set({ createdAt: new Date(Date.UTC(2020, 0, 15)) })
      .where(eq(cityPageLedger.projectId, a.id));
    expect(old.city.projectId).toBe(a.id);
    for (let i = 0; i < 240; i++)
      await addCity(t, b.id, { name: `Town ${i}`, county: 'Ada', state: 'ID', stateName: 'Idaho' });

    // Austin is already in project a: re-uploading it adds nothing new to count.
    expect((await upload(t, a.id, u.headers, [citiesFile(11)])).statusCode).toBe(201);
    await settled(t, a.id, u.headers);
    const over = await upload(t, a.id, u.headers, [citiesFile(2, 11)]);
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toContain('0 are left this month (250 used;');
    expect(over.json().message).toContain('Upgrade to Pro for 2,500 city pages a month.');
    await t.drainQueue('page');
  });

  it('lets only one of two simultaneous uploads take the last pages', async () => {
    const u = await keyedUser({ plan: 'basic' });
    const [a, b, filler] = [
      await createProject(t, u.user.id),
      await createProject(t, u.user.id),
      await createProject(t, u.user.id),
    ];
    for (let i = 0; i < 230; i++)
      await addCity(t, filler!.id, {
        name: `Town ${i}`,
        county: 'Ada',
        state: 'ID',
        stateName: 'Idaho',
      });
    const answers = await Promise.all([
      upload(t, a!.id, u.headers, [citiesFile(15)]),
      upload(t, b!.id, u.headers, [citiesFile(15, 15)]),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    expect((await cityCount(a!.id)) + (await cityCount(b!.id))).toBe(15);
    await t.drainQueue('page');
  });

  it('suggests the plan that fits the upload and exempts superusers and admin bypass', async () => {
    const u = await keyedUser({ plan: 'free' });
    const project = await createProject(t, u.user.id);
    // 30 pages do not fit Free (25) but fit Basic (250).
    const res = await upload(t, project.id, u.headers, [citiesFile(30)]);
    expect(res.json().message).toContain('Upgrade to Basic for 250 city pages a month.');

    // A superuser acting on the user's project is not held to the user's plan.
    const admin = await signedInUser(t, { superuser: true });
    expect((await upload(t, project.id, admin.headers, [citiesFile(30)])).statusCode).toBe(201);
    const bypass = await keyedUser({ adminBypass: true });
    const own = await createProject(t, bypass.user.id);
    expect((await upload(t, own.id, bypass.headers, [citiesFile(40)])).statusCode).toBe(201);
    await t.drainQueue('page');
  });
});
