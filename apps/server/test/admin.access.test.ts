import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MSG } from '@cityforge/shared';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser, signedInUser, uniqueEmail } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Role = 'anonymous' | 'ordinary' | 'subscribed' | 'adminBypass' | 'superuser';
const ROLES: Role[] = ['anonymous', 'ordinary', 'subscribed', 'adminBypass', 'superuser'];

async function headersFor(role: Role): Promise<Record<string, string>> {
  if (role === 'anonymous') return {};
  const opts = {
    ordinary: {},
    subscribed: { plan: 'pro' as const },
    adminBypass: { adminBypass: true },
    superuser: { superuser: true },
  }[role];
  return (await signedInUser(t, opts)).headers;
}

/** Each admin route with a fresh target user, so a superuser's success changes nothing else. */
const ROUTES: {
  name: string;
  ok: number;
  call: (headers: Record<string, string>, targetId: string) => Promise<LightMyRequestResponse>;
}[] = [
  {
    name: 'GET kpis',
    ok: 200,
    call: (headers) => t.app.inject({ method: 'GET', url: '/api/admin/users/kpis/', headers }),
  },
  {
    name: 'GET users',
    ok: 200,
    call: (headers) => t.app.inject({ method: 'GET', url: '/api/admin/users/?page=1', headers }),
  },
  {
    name: 'POST create',
    ok: 201,
    call: (headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/users/create/',
        headers,
        payload: {
          firstName: 'Made',
          lastName: 'ByAdmin',
          email: uniqueEmail('made'),
          password: 'long-enough-1',
          confirmPassword: 'long-enough-1',
        },
      }),
  },
  {
    name: 'PATCH user',
    ok: 200,
    call: (headers, id) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${id}/`,
        headers,
        payload: { firstName: 'Renamed' },
      }),
  },
  {
    name: 'DELETE user',
    ok: 200,
    call: (headers, id) =>
      t.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}/`, headers }),
  },
  {
    name: 'GET invoices',
    ok: 200,
    call: (headers, id) =>
      t.app.inject({ method: 'GET', url: `/api/admin/users/${id}/invoices/?page=1`, headers }),
  },
];

describe('admin routes: who may call them', () => {
  for (const role of ROLES) {
    for (const route of ROUTES) {
      const expected = role === 'anonymous' ? 401 : role === 'superuser' ? route.ok : 403;
      it(`${route.name} as ${role} → ${expected}`, async () => {
        const target = await createUser(t, { firstName: 'Target' });
        const res = await route.call(await headersFor(role), target.user.id);
        expect(res.statusCode, res.body).toBe(expected);
        if (expected === 403) expect(res.json().message).toBe(MSG.forbidden);
        if (expected !== route.ok) {
          // A refused call changes nothing: the target is still there, still named Target.
          const row = await t.ctx.repos.usersRepo.findById(target.user.id);
          expect(row?.firstName).toBe('Target');
        }
      });
    }
  }
});
