import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@cityforge/shared';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signedInUser } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patch = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/auth/me/', headers, payload });

describe('GET and PATCH /auth/me/', () => {
  it('answers the spec user fields and never a password hash', async () => {
    const u = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await t.app.inject({ method: 'GET', url: '/auth/me/', headers: u.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: u.user.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      email: u.email,
      username: u.email,
      isSuperuser: false,
      isSubscribed: false,
      adminBypass: false,
      userOpenAiApiKey: null,
      userOpenRouterApiKey: null,
      userNetlifyAccessToken: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/scrypt|passwordHash/);
  });

  it('stores keys encrypted, answers them masked, keeps them when the mask is sent back, removes them on empty', async () => {
    const u = await signedInUser(t);
    const key = 'sk-or-v1-0123456789abcdef0123456789abcdef';
    const set = await patch(u.headers, {
      firstName: 'Grace',
      userOpenRouterApiKey: key,
      userNetlifyAccessToken: 'nfp_secret_token_9876',
    });
    expect(set.statusCode).toBe(200);
    const masked = set.json().userOpenRouterApiKey as string;
    expect(masked).not.toContain('0123456789abcdef');
    expect(masked.endsWith('cdef')).toBe(true);
    expect(set.json().firstName).toBe('Grace');

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row!.openRouterKeyEnc).toBeTruthy();
    expect(row!.openRouterKeyEnc).not.toContain(key);
    expect(t.ctx.services.usersService.secretsOf(row!).openRouterKey).toBe(key);

    const echoed = await patch(u.headers, { userOpenRouterApiKey: masked, lastName: 'Hopper' });
    expect(echoed.json().userOpenRouterApiKey).toBe(masked);
    const [kept] = await t.ctx.db.select().from(users).where(eq(users.id, u.user.id));
    expect(t.ctx.services.usersService.secretsOf(kept!).openRouterKey).toBe(key);

    const removed = await patch(u.headers, { userOpenRouterApiKey: '' });
    expect(removed.json().userOpenRouterApiKey).toBeNull();
    expect(removed.json().userNetlifyAccessToken).not.toBeNull();
  });

  it('refuses to change the e-mail or privileged flags and changes nothing', async () => {
    const u = await signedInUser(t, { firstName: 'Same' });
    const email = await patch(u.headers, { email: 'new@example.com', firstName: 'Changed' });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors.email).toEqual([MSG.emailNotEditable]);
    const flags = await patch(u.headers, { isSuperuser: true });
    expect(flags.statusCode).toBe(400);
    expect(flags.json().errors.isSuperuser).toEqual(['Unknown field']);
    const now = (
      await t.app.inject({ method: 'GET', url: '/auth/me/', headers: u.headers })
    ).json();
    expect(now).toMatchObject({ email: u.email, firstName: 'Same', isSuperuser: false });
  });

  it('requires sign-in', async () => {
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/auth/me/', payload: { firstName: 'x' } }))
        .statusCode,
    ).toBe(401);
  });
});
