import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { EnvError, loadConfig } from '../src/config/env.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser, uniqueEmail } from './helpers/factories.ts';

let t: TestApp;
let limited: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '4', TRUST_PROXY: '1' });
  // A second API process on the same database: its own memory, the same tables.
  second = await buildApp(limited.ctx);
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await limited.close();
  await t.close();
});

const signupFrom = (app: FastifyInstance, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/signup/',
    payload: {},
    remoteAddress: '10.0.0.2',
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY', () => {
  it('takes a hop count or addresses, and refuses "trust everyone"', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).TRUST_PROXY).toBe('10.0.0.0/8,::1');
    expect(loadConfig({ TRUST_PROXY: 'loopback,172.16.0.1' }).TRUST_PROXY).toBe(
      'loopback,172.16.0.1',
    );
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    for (const bad of ['true', 'yes', 'proxy.internal', '10.0.0.0/33']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(EnvError);
    }
  });

  it('counts the address the trusted proxy saw, whatever the client writes before it', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await signupFrom(limited.app, `198.51.100.${i}, 203.0.113.7`)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    // Another client behind the same proxy has its own allowance.
    expect((await signupFrom(limited.app, '203.0.113.8')).statusCode).toBe(400);
  });
});

describe('per-address limits', () => {
  it('hold across API processes sharing the database', async () => {
    const codes: number[] = [];
    for (const app of [limited.app, second, limited.app, second, second])
      codes.push((await signupFrom(app, '203.0.113.50')).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    // Counted under a digest: the table holds no client address.
    const { rows } = (await limited.ctx.db.execute(
      sql`select key from rate_limit_hits`,
    )) as unknown as { rows: Array<{ key: string }> };
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.key).join(' ')).not.toMatch(/203\.0\.113|198\.51\.100/);
  });
});

describe('failed sign-ins on one account', () => {
  it('pause sign-in from unseen clients after ten, from any address, and mail its owner', async () => {
    const { email, password } = await createUser(t);
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { email, password: `wrong-${i}` },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const paused = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email, password },
      remoteAddress: '192.0.2.99',
    });
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toEqual({ message: MSG.tooManyRequests });
    const mail = await t.smtp.waitFor(email, /paused/);
    expect(mail.text).toMatch(/15 minutes/);

    // The owner resets the password through the mailed link: the pause ends with it.
    await t.app.inject({
      method: 'POST',
      url: '/auth/request-password-reset/',
      payload: { email },
    });
    const link = (await t.smtp.waitFor(email, /Reset/)).links[0]!;
    const token = new URL(link).searchParams.get('token')!;
    const reset = await t.app.inject({
      method: 'POST',
      url: `/auth/reset-password/${token}/`,
      payload: { password: 'fresh-start-pass-4', confirmPassword: 'fresh-start-pass-4' },
    });
    expect(reset.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email, password: 'fresh-start-pass-4' },
    });
    expect(after.statusCode).toBe(200);
  });
});

describe('common passwords', () => {
  it.each(['football', 'Sunshine', 'qwerty123', '1q2w3e4r'])(
    'refuses %s for a new account with a clear message',
    async (password) => {
      const email = uniqueEmail('common');
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/signup/',
        payload: { email, password, confirmPassword: password },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ password: [MSG.passwordTooCommon] });
      expect(await t.ctx.repos.usersRepo.findByEmail(email)).toBeNull();
    },
  );

  it('refuses one as a reset password and accepts an uncommon one', async () => {
    const { email } = await createUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/auth/request-password-reset/',
      payload: { email },
    });
    const link = (await t.smtp.waitFor(email, /Reset/)).links[0]!;
    const token = new URL(link).searchParams.get('token')!;
    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: `/auth/reset-password/${token}/`,
        payload: { password, confirmPassword: password },
      });
    const common = await reset('baseball');
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual({ password: [MSG.passwordTooCommon] });
    expect((await reset('tram-lantern-41')).statusCode).toBe(200);
  });
});
