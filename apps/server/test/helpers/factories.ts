import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/lib/crypto.ts';
import type { TestApp } from './app.ts';

export const DEFAULT_PASSWORD = 'correct-horse-1';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(6).toString('hex')}@example.com`;
}

type UserOptions = {
  email?: string;
  password?: string;
  verified?: boolean;
  superuser?: boolean;
  adminBypass?: boolean;
  plan?: 'free' | 'basic' | 'pro' | 'enterprise' | null;
  firstName?: string;
  lastName?: string;
};

/** A user written straight to the database (fast); sign-in still goes through the API. */
export async function createUser(t: TestApp, opts: UserOptions = {}) {
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const password = opts.password ?? DEFAULT_PASSWORD;
  const { usersRepo, billingRepo } = t.ctx.repos;
  const user = await usersRepo.create({
    email,
    passwordHash: await hashPassword(password),
    firstName: opts.firstName ?? 'Test',
    lastName: opts.lastName ?? 'User',
    isSuperuser: opts.superuser ?? false,
    adminBypass: opts.adminBypass ?? false,
    emailVerifiedAt: opts.verified === false ? null : new Date(),
  });
  if (opts.plan) {
    await billingRepo.upsertSubscription({ userId: user.id, planId: opts.plan, status: 'active' });
  }
  return { user, email, password };
}

export async function login(t: TestApp, email: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}: ${res.body}`);
  return res.json() as { access: string; refresh: string; user: Record<string, unknown> };
}

/** A signed-in user: the row, its tokens and ready-made headers. */
export async function signedInUser(t: TestApp, opts: UserOptions = {}) {
  const created = await createUser(t, opts);
  const { access, refresh } = await login(t, created.email, created.password);
  return { ...created, access, refresh, headers: { authorization: `Bearer ${access}` } };
}
