import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, type TAdminUser } from '@cityforge/shared';
import { aiUsage, cities, invoices, pages, users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { adminUsers, seedInvoices, seedProjectWithDeploys, seedUsage } from './helpers/admin.ts';
import {
  addCity,
  addPage,
  createProject,
  accountWorkspaceId,
  addMember,
  createUser,
  login,
  signedInUser,
  uniqueEmail,
} from './helpers/factories.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { superuser: true });
});
afterAll(async () => {
  await t.close();
});

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });

const validCreate = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: uniqueEmail('ada'),
  password: 'analytical-1',
  confirmPassword: 'analytical-1',
});

describe('admin user list', () => {
  it('searches by name or e-mail and pages by 10, newest first', async () => {
    const tag = `Zq${randomBytes(3).toString('hex')}`;
    const made = [];
    for (let i = 0; i < 12; i++) {
      made.push(
        await createUser(t, {
          firstName: `Person${i}`,
          lastName: tag,
          email: uniqueEmail(`${tag.toLowerCase()}-p${i}`),
        }),
      );
      // PGlite's clock ticks in milliseconds and factory users are made in less: one tick
      // apart, as people who sign up one after another are, so "newest" is well defined.
      await sleep(2);
    }
    const first = await adminUsers(t, admin.headers, `?search=${tag}`);
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    expect(first.results[0]!.email).toBe(made[11]!.email);
    const second = await adminUsers(t, admin.headers, `?search=${tag}&page=2`);
    expect(second.results.map((u) => u.email)).toEqual([made[1]!.email, made[0]!.email]);
    expect(second.next).toBeNull();

    // Full name with its space, case-insensitive; and a fragment of one e-mail.
    const byName = await adminUsers(t, admin.headers, `?search=person3%20${tag.toLowerCase()}`);
    expect(byName.results.map((u) => u.email)).toEqual([made[3]!.email]);
    const byEmail = await adminUsers(t, admin.headers, `?search=${tag.toLowerCase()}-p7`);
    expect(byEmail.results.map((u) => u.email)).toEqual([made[7]!.email]);
    // LIKE wildcards are searched for, not obeyed.
    expect((await adminUsers(t, admin.headers, `?search=${tag}%25`)).count).toBe(0);
  });

  it('shows plan and status, usage, revenue, projects, deployments and last activity', async () => {
    const u = await createUser(t, {
      plan: 'basic',
      lastName: `Fig${randomBytes(3).toString('hex')}`,
    });
    await seedInvoices(t, u.user.id, [
      { cents: 2900 },
      { cents: 2900 },
      { cents: 2900, status: 'failed' },
    ]);
    await seedUsage(t, u.user.id, [
      { prompt: 1000, completion: 250 },
      { prompt: 500, completion: 125 },
    ]);
    await seedProjectWithDeploys(t, u.user.id, ['ready', 'error', 'ready']);
    await seedProjectWithDeploys(t, u.user.id, []);
    await login(t, u.email, u.password);

    const [row] = (await adminUsers(t, admin.headers, `?search=${u.email}`)).results;
    expect(row).toMatchObject({
      id: u.user.id,
      email: u.email,
      isSubscribed: true,
      adminBypass: false,
      subscription: { plan: { id: 'basic', name: 'Basic' }, status: 'active' },
      revenue: 58,
      usage: { calls: 2, promptTokens: 1500, completionTokens: 375, totalTokens: 1875 },
      projectStatus: { totalProjects: 2, totalDeployments: 2 },
    });
    expect(Date.now() - Date.parse(row!.lastActivity!)).toBeLessThan(60_000);
    // The workspaces they are in: their own, and one they joined.
    const own = await accountWorkspaceId(t, u.user.id);
    expect(row!.workspaces).toEqual([
      { id: own, name: `Test ${u.user.lastName}`, role: 'owner', own: true },
    ]);
    const agency = await createUser(t, { firstName: 'Big', lastName: 'Agency' });
    const agencyWorkspace = await accountWorkspaceId(t, agency.user.id);
    await addMember(t, agencyWorkspace, u.user.id, 'editor');
    const [again] = (await adminUsers(t, admin.headers, `?search=${u.email}`)).results;
    expect(again!.workspaces).toEqual([
      { id: own, name: `Test ${u.user.lastName}`, role: 'owner', own: true },
      { id: agencyWorkspace, name: 'Big Agency', role: 'editor', own: false },
    ]);
    // Keys are never shown, even to administrators.
    expect(JSON.stringify(row)).not.toContain('passwordHash');
  });

  it('treats a bad page or an over-long search as a validation error', async () => {
    expect((await inject('GET', '/api/admin/users/?page=0')).statusCode).toBe(400);
    expect((await inject('GET', `/api/admin/users/?search=${'x'.repeat(201)}`)).statusCode).toBe(
      400,
    );
    const beyond = await adminUsers(t, admin.headers, '?page=9999');
    expect(beyond.results).toEqual([]);
  });
});

describe('lastActivity', () => {
  it('moves with real use, at most once per few minutes', async () => {
    const u = await signedInUser(t);
    const setLast = (at: Date) =>
      t.ctx.db.update(users).set({ lastActivityAt: at }).where(eq(users.id, u.user.id));
    const lastOf = async () => (await t.ctx.repos.usersRepo.findById(u.user.id))!.lastActivityAt;

    const recent = new Date(Date.now() - 60_000);
    await setLast(recent);
    await t.app.inject({ method: 'GET', url: '/api/projects/', headers: u.headers });
    // Within the window a request does not write.
    expect((await lastOf())?.getTime()).toBe(recent.getTime());

    await setLast(new Date(Date.now() - 10 * 60_000));
    await t.app.inject({ method: 'GET', url: '/api/projects/', headers: u.headers });
    expect(Date.now() - (await lastOf())!.getTime()).toBeLessThan(10_000);
  });
});

describe('create user', () => {
  it('creates a verified account that can sign in at once, with Admin Bypass', async () => {
    const body = {
      ...validCreate(),
      email: `  Mixed-${randomBytes(3).toString('hex')}@Example.com `,
      adminBypass: true,
    };
    const res = await inject('POST', '/api/admin/users/create/', body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TAdminUser;
    const email = body.email.trim().toLowerCase();
    expect(created).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      adminBypass: true,
      isSuperuser: false,
      isEmailVerified: true,
      revenue: 0,
      projectStatus: { totalProjects: 0, totalDeployments: 0 },
    });
    const session = await login(t, email, 'analytical-1');
    expect(session.user).toMatchObject({ email, adminBypass: true });
    const row = await t.ctx.repos.usersRepo.findByEmail(email);
    expect(row!.passwordHash).not.toContain('analytical-1');
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no first name', { firstName: '  ' }, 'firstName', MSG.firstNameRequired],
    ['no last name', { lastName: '' }, 'lastName', MSG.lastNameRequired],
    ['no e-mail', { email: '' }, 'email', MSG.emailRequired],
    ['a bad e-mail', { email: 'not-an-email' }, 'email', MSG.emailInvalid],
    ['a short password', { password: 'abc', confirmPassword: 'abc' }, 'password', MSG.passwordMin],
    ['no confirmation', { confirmPassword: '' }, 'confirmPassword', MSG.confirmRequired],
    [
      'a mismatched confirmation',
      { confirmPassword: 'different-1' },
      'confirmPassword',
      MSG.passwordsMismatch,
    ],
  ];
  for (const [name, change, field, message] of cases) {
    it(`refuses ${name} on its field and creates nothing`, async () => {
      const body = { ...validCreate(), ...change };
      const res = await inject('POST', '/api/admin/users/create/', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toContain(message);
      if (typeof body.email === 'string' && body.email.includes('@'))
        expect(await t.ctx.repos.usersRepo.findByEmail(body.email)).toBeNull();
    });
  }

  it('refuses an e-mail already taken (any case) on the e-mail field', async () => {
    const existing = await createUser(t);
    const res = await inject('POST', '/api/admin/users/create/', {
      ...validCreate(),
      email: existing.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.email).toEqual([MSG.emailTaken]);
  });

  it('refuses fields it does not know (no superuser through the back door)', async () => {
    const body = { ...validCreate(), isSuperuser: true };
    const res = await inject('POST', '/api/admin/users/create/', body);
    expect(res.statusCode).toBe(400);
    expect(await t.ctx.repos.usersRepo.findByEmail(body.email)).toBeNull();
  });
});

describe('edit user', () => {
  it('changes first name, last name and Admin Bypass', async () => {
    const u = await createUser(t);
    const res = await inject('PATCH', `/api/admin/users/${u.user.id}/`, {
      firstName: ' Grace ',
      lastName: 'Hopper',
      adminBypass: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      fullName: 'Grace Hopper',
      adminBypass: true,
      email: u.email,
    });
    const off = await inject('PATCH', `/api/admin/users/${u.user.id}/`, { adminBypass: false });
    expect(off.json()).toMatchObject({ firstName: 'Grace', adminBypass: false });
  });

  it('refuses to take Admin Bypass from the signed-in superuser', async () => {
    await t.ctx.repos.usersRepo.update(admin.user.id, { adminBypass: true });
    const res = await inject('PATCH', `/api/admin/users/${admin.user.id}/`, {
      firstName: 'Still',
      adminBypass: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.adminBypass).toEqual([MSG.cannotRemoveOwnBypass]);
    expect(await t.ctx.repos.usersRepo.findById(admin.user.id)).toMatchObject({
      adminBypass: true,
      firstName: 'Test',
    });
  });

  it('never changes the e-mail', async () => {
    const u = await createUser(t);
    const res = await inject('PATCH', `/api/admin/users/${u.user.id}/`, {
      email: uniqueEmail('new'),
      firstName: 'Changed',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual([MSG.emailNotEditable]);
    const row = await t.ctx.repos.usersRepo.findById(u.user.id);
    expect(row).toMatchObject({ email: u.email, firstName: 'Test' });
  });

  it('refuses an empty name and a malformed id, and answers 404 for an unknown user', async () => {
    const u = await createUser(t);
    const empty = await inject('PATCH', `/api/admin/users/${u.user.id}/`, { lastName: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.lastName).toEqual([MSG.lastNameRequired]);
    const unknown = await inject(
      'PATCH',
      '/api/admin/users/00000000-0000-4000-8000-000000000000/',
      {
        firstName: 'X',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.userNotFound);
    const malformed = await inject('PATCH', '/api/admin/users/not-a-uuid/', { firstName: 'X' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'Not a valid user id',
      errors: { id: ['Not a valid user id'] },
    });
  });
});

describe('delete user', () => {
  it('removes the user with their projects, pages, usage and invoices, and ends their sessions', async () => {
    const u = await signedInUser(t, { plan: 'free' });
    const project = await createProject(t, u.user.id);
    const page = await addPage(t, project.id);
    await addCity(t, project.id, {
      name: 'Austin',
      county: 'Travis',
      state: 'TX',
      stateName: 'Texas',
    });
    await seedUsage(t, u.user.id, [{ prompt: 10, completion: 10 }]);
    await seedInvoices(t, u.user.id, [{ cents: 0 }]);
    const other = await createUser(t);
    const kept = await createProject(t, other.user.id);

    const res = await inject('DELETE', `/api/admin/users/${u.user.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.userDeletedServer });

    expect(await t.ctx.repos.usersRepo.findById(u.user.id)).toBeNull();
    expect(await t.ctx.repos.projectsRepo.findById(project.id)).toBeNull();
    expect(await t.ctx.db.select().from(pages).where(eq(pages.id, page.id))).toEqual([]);
    expect(await t.ctx.db.select().from(cities).where(eq(cities.projectId, project.id))).toEqual(
      [],
    );
    expect(await t.ctx.db.select().from(aiUsage).where(eq(aiUsage.userId, u.user.id))).toEqual([]);
    expect(await t.ctx.db.select().from(invoices).where(eq(invoices.userId, u.user.id))).toEqual(
      [],
    );
    expect(await t.ctx.repos.projectsRepo.findById(kept.id)).not.toBeNull();

    const me = await t.app.inject({ method: 'GET', url: '/auth/me/', headers: u.headers });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/token/refresh/',
      payload: { refresh: u.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await inject('DELETE', `/api/admin/users/${u.user.id}/`)).statusCode).toBe(404);
  });

  it('refuses to delete the signed-in superuser', async () => {
    const res = await inject('DELETE', `/api/admin/users/${admin.user.id}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.cannotDeleteSelf);
    expect(await t.ctx.repos.usersRepo.findById(admin.user.id)).not.toBeNull();
  });
});

describe("a user's billing history", () => {
  it('pages their invoices by 10, newest first, and only theirs', async () => {
    const u = await createUser(t);
    await seedInvoices(
      t,
      u.user.id,
      Array.from({ length: 12 }, (_, i) => ({
        cents: 1000 + i,
        status: i === 0 ? 'failed' : 'paid',
      })),
    );
    await seedInvoices(t, (await createUser(t)).user.id, [{ cents: 999 }]);
    const get = async (page: number) => {
      const res = await inject('GET', `/api/admin/users/${u.user.id}/invoices/?page=${page}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const first = await get(1);
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    expect(first.results[0]).toMatchObject({
      description: 'Invoice 1',
      amount: 10,
      status: 'failed',
      link: 'https://invoice.test/1',
    });
    const second = await get(2);
    expect(second.results.map((i: { amount: number }) => i.amount)).toEqual([10.1, 10.11]);
    expect(second.next).toBeNull();
  });

  it('answers 404 for an unknown user', async () => {
    const res = await inject(
      'GET',
      '/api/admin/users/00000000-0000-4000-8000-000000000000/invoices/',
    );
    expect(res.statusCode).toBe(404);
  });
});
