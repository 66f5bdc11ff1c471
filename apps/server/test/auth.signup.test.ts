import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser, uniqueEmail } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

describe('sign up and verify by mail', () => {
  it('mails a verification link that signs the account in once followed', async () => {
    const email = uniqueEmail('signup');
    const res = await post('/auth/signup/', {
      email,
      password: 'secret-pass',
      confirmPassword: 'secret-pass',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: MSG.signupSuccess });

    const before = await post('/auth/login/', { email, password: 'secret-pass' });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({
      message: MSG.emailNotVerified,
      code: 'email_not_verified',
    });

    const mail = await t.smtp.waitFor(email, /Verify your CityForge email/);
    const link = mail.links.find((l) => l.includes('/verify-email?token='))!;
    expect(link.startsWith('http://cityforge.test/verify-email?token=')).toBe(true);
    const token = new URL(link).searchParams.get('token')!;

    const verified = await t.app.inject({ method: 'GET', url: `/auth/verify-email/${token}/` });
    expect(verified.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: `/auth/verify-email/${token}/` });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.invalidVerificationToken);

    const login = await post('/auth/login/', {
      email: email.toUpperCase(),
      password: 'secret-pass',
    });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.access).toEqual(expect.any(String));
    expect(body.refresh).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      email,
      isEmailVerified: true,
      isSubscribed: false,
      isSuperuser: false,
    });
    expect(pathOf(link)).toContain('/verify-email');
  });

  it('mails a link when an unverified user signs in, at most one a minute, and it verifies', async () => {
    const { email, password } = await createUser(t, { verified: false });
    const login = await post('/auth/login/', { email, password });
    expect(login.statusCode).toBe(403);
    const mail = await t.smtp.waitFor(email, /Verify/);
    expect((await post('/auth/resend-verification/', { email })).statusCode).toBe(200);
    expect((await post('/auth/login/', { email, password })).statusCode).toBe(403);
    await t.drainQueue('send-mail');
    expect(t.smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
    const token = new URL(mail.links[0]!).searchParams.get('token');
    const res = await t.app.inject({ method: 'GET', url: `/auth/verify-email/${token}/` });
    expect(res.statusCode).toBe(200);
    expect((await post('/auth/login/', { email, password })).statusCode).toBe(200);
  });

  it('answers the same neutral message to resend requests for unknown addresses', async () => {
    const res = await post('/auth/resend-verification/', { email: uniqueEmail('nobody') });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/If that account/);
  });

  it('answers a taken address like a new one, creates nothing and tells the owner by mail', async () => {
    const { email, password, user } = await createUser(t);
    const fresh = await post('/auth/signup/', {
      email: uniqueEmail('fresh'),
      password: 'another-pass-1',
    });
    const taken = await post('/auth/signup/', {
      email: email.toUpperCase(),
      password: 'another-pass-1',
    });
    // Nothing in the answer tells the two apart: same status, same body.
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    const mail = await t.smtp.waitFor(email, /already exists/);
    expect(mail.links).toContain('http://cityforge.test/login');
    const row = await t.ctx.repos.usersRepo.findByEmail(email);
    expect(row?.id).toBe(user.id);
    // The stranger's password did not replace the owner's, and no verification link was sent.
    expect((await post('/auth/login/', { email, password })).statusCode).toBe(200);
    await t.drainQueue('send-mail');
    expect(t.smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it.each([
    [{ password: 'secret-pass' }, 'email', MSG.emailRequired],
    [{ email: '', password: 'secret-pass' }, 'email', MSG.emailRequired],
    [{ email: 'not-an-address', password: 'secret-pass' }, 'email', MSG.emailInvalid],
    [{ email: 'a@b.co' }, 'password', MSG.passwordRequired],
    [{ email: 'a@b.co', password: '' }, 'password', MSG.passwordRequired],
    [{ email: 'a@b.co', password: '12345' }, 'password', MSG.passwordMin],
    [{ email: 'a@b.co', password: '123456', isSuperuser: true }, 'isSuperuser', 'Unknown field'],
  ])('rejects %j with the spec message on %s', async (payload, field, message) => {
    const res = await post('/auth/signup/', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors[field]).toEqual([message]);
    expect(body.message).toContain(message);
  });

  it('answers malformed JSON, a wrong content type and an oversize body without creating anyone', async () => {
    const email = uniqueEmail('bad');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/auth/signup/',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${email}","password":`,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });

    const text = await t.app.inject({
      method: 'POST',
      url: '/auth/signup/',
      headers: { 'content-type': 'application/xml' },
      payload: '<signup/>',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: 'Unsupported content type.' });

    const huge = await post('/auth/signup/', { email, password: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'The request body is too large.' });

    expect(await t.ctx.repos.usersRepo.findByEmail(email)).toBeNull();
  });

  it('rejects unknown verification tokens', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/verify-email/not-a-real-token/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.invalidVerificationToken });
  });
});
