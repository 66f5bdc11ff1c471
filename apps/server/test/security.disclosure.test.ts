import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { boot, shutdown } from '../src/boot.ts';
import { loadConfig } from '../src/config/env.ts';
import { fromConnectionString } from '../src/db/client.ts';
import { createLogger } from '../src/lib/logger.ts';
import { hashPassword, verifyPassword } from '../src/lib/crypto.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser } from './helpers/factories.ts';

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logLines });
});
afterAll(() => t.close());

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('what the server keeps to itself', () => {
  it('says the database is unavailable without its error text', async () => {
    // A real PostgreSQL client pointed at a port nobody listens on: the driver's error names it.
    const dead = fromConnectionString('postgres://cityforge-secret-user@127.0.0.1:1/private_db', 1);
    const app = await buildApp({ ...t.ctx, handle: dead, db: dead.db });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().database).toMatchObject({ ok: false, detail: 'unavailable' });
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|cityforge-secret-user|private_db/);
    } finally {
      await app.close();
      await dead.close();
    }
  });

  it('keeps reset and verification tokens out of the request log', async () => {
    const { email } = await createUser(t, { verified: false });
    await t.app.inject({ method: 'POST', url: '/auth/login/', payload: { email, password: 'x' } });
    await t.app.inject({
      method: 'POST',
      url: '/auth/request-password-reset/',
      payload: { email },
    });
    const reset = tokenOf((await t.smtp.waitFor(email, /Reset/)).links[0]!);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/auth/resend-verification/',
      payload: { email },
    });
    expect(signup.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/auth/verify-password-reset/${reset}/` });
    await t.app.inject({
      method: 'POST',
      url: `/auth/reset-password/${reset}/`,
      payload: { password: 'a-brand-new-pass-9', confirmPassword: 'a-brand-new-pass-9' },
    });
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${reset}` });
    await t.app.inject({ method: 'GET', url: `/auth/verify-email/${reset}/` });
    const logged = logLines.join('\n');
    expect(logged).toContain('/auth/reset-password/[redacted]');
    expect(logged).not.toContain(reset);
  });

  it('keeps no usable link in the mail queue once a mail is sent', async () => {
    const { email } = await createUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/auth/request-password-reset/',
      payload: { email },
    });
    const token = tokenOf((await t.smtp.waitFor(email, /Reset/)).links[0]!);
    await t.drainQueue('send-mail');
    const rows = await t.ctx.db.execute(
      sql.raw(`select data::text as data from "${t.bossSchema}".job where name = 'send-mail'`),
    );
    const stored = (rows as unknown as { rows: { data: string }[] }).rows.map((r) => r.data);
    expect(stored.join('\n')).not.toContain(token);
  });
});

describe('ADMIN_PASSWORD', () => {
  it('creates the admin once and never puts back a password the admin changed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-admin-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'first-admin-pass-7',
      LOG_LEVEL: 'silent',
    });
    const logger = createLogger('silent');
    try {
      const first = await boot(config, logger);
      const admin = (await first.repos.usersRepo.findByEmail('owner@example.com'))!;
      expect(await verifyPassword('first-admin-pass-7', admin.passwordHash)).toBe(true);
      // The admin changes the password (as the profile page does); the environment still says the old one.
      await first.repos.usersRepo.update(admin.id, {
        passwordHash: await hashPassword('changed-by-admin-8'),
      });
      await shutdown(first);

      const second = await boot(config, logger);
      const after = (await second.repos.usersRepo.findByEmail('owner@example.com'))!;
      await shutdown(second);
      expect(after.id).toBe(admin.id);
      expect(after.isSuperuser).toBe(true);
      expect(await verifyPassword('changed-by-admin-8', after.passwordHash)).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
