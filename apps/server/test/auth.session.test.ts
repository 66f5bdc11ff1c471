import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import { eq } from 'drizzle-orm';
import { createJwt } from '../src/modules/auth/jwt.ts';
import { refreshTokens } from '../src/db/schema/index.ts';
import { hashPassword, passwordHashCost, sha256 } from '../src/lib/crypto.ts';
import { TEST_PASSWORD_COST, createTestApp, type TestApp } from './helpers/app.ts';
import { createUser, login, signedInUser } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (access: string) =>
  t.app.inject({ method: 'GET', url: '/auth/me/', headers: { authorization: `Bearer ${access}` } });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/auth/token/refresh/', payload: { refresh: token } });

describe('sessions', () => {
  it('refuses a wrong password and an unknown account with the same message', async () => {
    const { email } = await createUser(t);
    for (const payload of [
      { email, password: 'wrong-password' },
      { email: 'nobody-here@example.com', password: 'whatever' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/login/', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.invalidCredentials });
    }
  });

  it('rotates the refresh token on every use and answers a new working access token', async () => {
    const u = await signedInUser(t);
    const first = await refresh(u.refresh);
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refresh).not.toBe(u.refresh);
    expect((await me(next.access)).json().email).toBe(u.email);
    const second = await refresh(next.refresh);
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole session when a rotated refresh token is used again', async () => {
    const u = await signedInUser(t);
    const rotated = (await refresh(u.refresh)).json();
    // Another tab refreshing with the same token moments later is a race, not theft.
    const race = await refresh(u.refresh);
    expect(race.statusCode).toBe(200);
    // Later reuse means the token leaked.
    await t.ctx.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, sha256(u.refresh)));
    const reuse = await refresh(u.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: MSG.invalidRefreshToken });
    // The thief's and the owner's newer tokens die with the family.
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);
    expect((await refresh(race.json().refresh)).statusCode).toBe(401);
    expect((await me(rotated.access)).statusCode).toBe(401);
  });

  it('answers a retried refresh inside the grace window with the same successor', async () => {
    const u = await signedInUser(t);
    const first = await refresh(u.refresh);
    // The answer was lost (a network retry) or another tab refreshed at the same moment.
    const retry = await refresh(u.refresh);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().refresh).toBe(first.json().refresh);
    expect((await me(retry.json().access)).json().email).toBe(u.email);
    // One successor, so one live token in the family, and it goes on working.
    const rows = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, u.user.id));
    expect(rows.filter((r) => !r.rotatedAt && !r.revokedAt)).toHaveLength(1);
    expect((await refresh(first.json().refresh)).statusCode).toBe(200);
  });

  it('keeps other sessions of the same user alive when one is revoked', async () => {
    const u = await signedInUser(t);
    const other = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: u.email, password: u.password },
    });
    await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: u.headers,
      payload: { refresh: u.refresh },
    });
    expect((await me(u.access)).statusCode).toBe(401);
    expect((await me(other.json().access)).statusCode).toBe(200);
  });

  it('logs out: the access and the refresh token stop working', async () => {
    const u = await signedInUser(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: u.headers,
      payload: { refresh: u.refresh },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(u.access)).statusCode).toBe(401);
    expect((await refresh(u.refresh)).statusCode).toBe(401);
  });

  it('logs out with only the refresh token (no bearer), and logout is idempotent', async () => {
    const u = await signedInUser(t);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/auth/logout/',
          payload: { refresh: u.refresh },
        })
      ).statusCode,
    ).toBe(200);
    expect((await me(u.access)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/auth/logout/',
          payload: { refresh: u.refresh },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers 401 with a clear message for missing, forged and expired access tokens', async () => {
    const u = await signedInUser(t);
    const none = await t.app.inject({ method: 'GET', url: '/auth/me/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: MSG.notAuthenticated });

    const forged = await me(`${u.access.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(401);

    const expired = await createJwt(t.config.APP_SECRET!, -60).sign({ sub: u.user.id, fam: 'x' });
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.sessionExpired });

    const otherSecret = await createJwt('another-secret-that-is-long-enough-123').sign({
      sub: u.user.id,
      fam: 'x',
    });
    expect((await me(otherSecret)).statusCode).toBe(401);
  });

  it('rejects unknown and empty refresh tokens', async () => {
    expect((await refresh('made-up')).statusCode).toBe(401);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/auth/token/refresh/',
      payload: { refresh: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.refresh).toEqual([MSG.noRefreshToken]);
  });

  it('signs out a deactivated user at once', async () => {
    const u = await signedInUser(t);
    await t.ctx.repos.usersRepo.update(u.user.id, { isActive: false });
    expect((await me(u.access)).statusCode).toBe(401);
    expect((await refresh(u.refresh)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: u.email, password: u.password },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('password hashes', () => {
  const costOf = async (app: TestApp, id: string) =>
    passwordHashCost((await app.ctx.repos.usersRepo.findById(id))!.passwordHash);

  it('hashes at the configured cost, and remakes a cheaper hash at the next sign-in', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/auth/signup/',
      payload: { email: 'cost-at-signup@example.com', password: 'a-long-good-password-1' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const made = await t.ctx.repos.usersRepo.findByEmail('cost-at-signup@example.com');
    expect(passwordHashCost(made!.passwordHash)).toBe(TEST_PASSWORD_COST);

    // The operator raises PASSWORD_HASH_COST: an account hashed before keeps signing in, and
    // its hash is made again at the new cost while the password is at hand.
    const raised = await createTestApp(
      { PASSWORD_HASH_COST: String(TEST_PASSWORD_COST + 1) },
      { sameDatabaseAs: t },
    );
    try {
      const { user, email, password } = await createUser(raised);
      expect(await costOf(raised, user.id)).toBe(TEST_PASSWORD_COST);
      await login(raised, email, password);
      expect(await costOf(raised, user.id)).toBe(TEST_PASSWORD_COST + 1);
      // The new hash is of the same password, and a lower setting never makes it cheaper again.
      await login(t, email, password);
      expect(await costOf(t, user.id)).toBe(TEST_PASSWORD_COST + 1);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { email, password: `${password}-not` },
      });
      expect(wrong.statusCode).toBe(401);
    } finally {
      await raised.close();
    }
  });

  it('reads a hash of any cost it made, and refuses an unknown form', async () => {
    const { user, email, password } = await createUser(t);
    await t.ctx.repos.usersRepo.update(user.id, {
      passwordHash: await hashPassword(password, TEST_PASSWORD_COST + 2),
    });
    await login(t, email, password);
    expect(await costOf(t, user.id)).toBe(TEST_PASSWORD_COST + 2);
    await t.ctx.repos.usersRepo.update(user.id, { passwordHash: `bcrypt$${'x'.repeat(40)}` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email, password },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '10' });
  });
  afterAll(() => limited.close());

  it('stops the 11th sign-in attempt in a minute, even with the right password', async () => {
    const { email, password } = await createUser(limited);
    for (let i = 0; i < 10; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { email, password: `wrong-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await limited.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email, password },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MSG.tooManyRequests });
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('counts sign-ins per address and e-mail: colleagues behind one IP are not blocked', async () => {
    const blockedUser = await createUser(limited);
    for (let i = 0; i < 11; i++) {
      await limited.app.inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { email: blockedUser.email, password: `wrong-${i}` },
      });
    }
    const colleague = await createUser(limited);
    const res = await limited.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: colleague.email, password: colleague.password },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('limits password-reset requests and signups too', async () => {
    const email = 'limit-me@example.com';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (
          await limited.app.inject({
            method: 'POST',
            url: '/auth/request-password-reset/',
            payload: { email },
          })
        ).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
