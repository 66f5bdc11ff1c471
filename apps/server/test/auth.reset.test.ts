import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@cityforge/shared';
import { oneTimeTokens } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signedInUser, uniqueEmail } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/auth/request-password-reset/', payload: { email } });
const resetToken = async (email: string) => {
  const mail = await t.smtp.waitFor(email, /Reset your CityForge password/);
  const link = mail.links.find((l) => l.includes('/reset-password?token='))!;
  expect(link.startsWith('http://cityforge.test/reset-password?token=')).toBe(true);
  return new URL(link).searchParams.get('token')!;
};

describe('password reset', () => {
  it('answers the same neutral message whether or not the account exists, mailing only real ones', async () => {
    const u = await signedInUser(t);
    const ghost = uniqueEmail('ghost');
    const [a, b] = [await requestReset(u.email), await requestReset(ghost)];
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual({ message: MSG.resetRequestNeutral });
    expect(b.json()).toEqual(a.json());
    await t.drainQueue('send-mail');
    expect(t.smtp.mails.some((m) => m.to.includes(ghost))).toBe(false);
    expect(t.smtp.mails.some((m) => m.to.includes(u.email))).toBe(true);
  });

  it('resets the password through the mailed link once, signing out every session', async () => {
    const u = await signedInUser(t);
    await requestReset(u.email);
    const token = await resetToken(u.email);
    const check = await t.app.inject({
      method: 'GET',
      url: `/auth/verify-password-reset/${token}/`,
    });
    expect(check.json()).toEqual({ valid: true });

    const mismatch = await t.app.inject({
      method: 'POST',
      url: `/auth/reset-password/${token}/`,
      payload: { password: 'brand-new-1', confirmPassword: 'brand-new-2' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirmPassword).toEqual([MSG.passwordsMismatch]);

    const short = await t.app.inject({
      method: 'POST',
      url: `/auth/reset-password/${token}/`,
      payload: { password: '123', confirmPassword: '123' },
    });
    expect(short.json().errors.password).toEqual([MSG.passwordMin]);

    const ok = await t.app.inject({
      method: 'POST',
      url: `/auth/reset-password/${token}/`,
      payload: { password: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: MSG.resetSuccess });

    const reuse = await t.app.inject({
      method: 'POST',
      url: `/auth/reset-password/${token}/`,
      payload: { password: 'brand-new-3', confirmPassword: 'brand-new-3' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ message: MSG.invalidResetToken });
    expect(
      (await t.app.inject({ method: 'GET', url: `/auth/verify-password-reset/${token}/` })).json(),
    ).toEqual({ valid: false });

    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me/', headers: u.headers })).statusCode,
    ).toBe(401);
    const oldPw = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: u.email, password: u.password },
    });
    expect(oldPw.statusCode).toBe(401);
    const newPw = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: u.email, password: 'brand-new-1' },
    });
    expect(newPw.statusCode).toBe(200);
  });

  it('refuses an expired link and a link replaced by a newer one', async () => {
    const u = await signedInUser(t);
    await requestReset(u.email);
    const first = await resetToken(u.email);
    await t.ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, u.user.id));
    expect(
      (await t.app.inject({ method: 'GET', url: `/auth/verify-password-reset/${first}/` })).json(),
    ).toEqual({ valid: false });
    const expired = await t.app.inject({
      method: 'POST',
      url: `/auth/reset-password/${first}/`,
      payload: { password: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: MSG.invalidResetToken });
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: u.email, password: u.password },
    });
    expect(login.statusCode).toBe(200);
  });
});
