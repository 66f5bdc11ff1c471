import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EnvError, loadConfig } from '../src/config/env.ts';
import { acquireLock, DataDirLockedError } from '../src/db/open.ts';
import { QUEUES, createBoss, startBoss } from '../src/jobs/boss.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('reports database and queue health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { ok: true }, queue: { ok: true } });
  });

  it("wakes every queue's workers by NOTIFY, also on an install whose queue was made without", async () => {
    const boss = t.ctx.boss;
    for (const name of Object.values(QUEUES))
      expect((await boss.getQueue(name))?.notify, name).toBe(true);
    // A queue of an earlier release, made without it, gets it at the next start.
    await boss.updateQueue(QUEUES.sendMail, { notify: false });
    expect((await boss.getQueue(QUEUES.sendMail))?.notify).toBe(false);
    const restarted = createBoss(t.handle, createLogger('silent'), t.bossSchema);
    await startBoss(restarted);
    await restarted.stop({ graceful: false, close: false });
    expect((await boss.getQueue(QUEUES.sendMail))?.notify).toBe(true);
  });

  it('keeps serving after the database server ends its idle connections', async () => {
    // Fill the pool, so idle clients wait in it, then end every other backend of this
    // database as a restart or an operator would. On PGlite there is no other backend.
    await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'GET', url: '/api/health' })));
    const { rows } = (await t.ctx.db.execute(
      sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and state = 'idle'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBeGreaterThanOrEqual(t.ctx.handle.kind === 'pg' ? 1 : 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json()).toMatchObject({ database: { ok: true }, queue: { ok: true } });
    }
  });

  it('sends security headers with a real CSP and a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-me' },
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toBe('trace-me');
  });

  it('answers unknown API paths with a JSON 404 and serves OpenAPI docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/auth/login/', '/api/plans/']),
    );
  });

  it('tells the visitor to build the web app when no build exists', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/projects',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });

  it('fails fast on a bad environment, listing every problem', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ROLE: 'boss',
        SMTP_URL: 'http://mail',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'ROLE', 'SMTP_URL'])
      expect(problems).toContain(name);
  });

  it('checks the object storage variables together, and wants one secret for every machine', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (err) {
        expect(err).toBeInstanceOf(EnvError);
        return (err as EnvError).problems.join('\n');
      }
    };
    const secret = 'x'.repeat(32);
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })).toContain(
      'S3_BUCKET: must be set when any other S3_ variable is',
    );
    expect(problemsOf({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'k', APP_SECRET: secret })).toContain(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(problemsOf({ S3_BUCKET: 'files' })).toContain(
      'APP_SECRET: must be set when files are in object storage (S3_BUCKET)',
    );
    expect(problemsOf({ S3_BUCKET: 'My_Bucket', APP_SECRET: secret })).toContain(
      'S3_BUCKET: must be a bucket name',
    );
    expect(
      problemsOf({ S3_ENDPOINT: 'minio:9000', S3_BUCKET: 'files', APP_SECRET: secret }),
    ).toContain('S3_ENDPOINT');
    const ok = loadConfig({
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'cityforge-files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      APP_SECRET: secret,
    });
    expect(ok).toMatchObject({ S3_BUCKET: 'cityforge-files', S3_REGION: 'us-east-1' });
    // Unset: the files stay in DATA_DIR, and no secret is demanded.
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
  });

  it("keeps password hashes at OWASP's cost in production; lower only for test runs", () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe(15);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '12' })).toThrow(
      'PASSWORD_HASH_COST: must be at least 15 in production (OWASP minimum for scrypt)',
    );
    expect(
      loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '16' }).PASSWORD_HASH_COST,
    ).toBe(16);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow('PASSWORD_HASH_COST');
  });

  it('trusts the hosts of FETCH_TRUSTED_HOSTS and of its earlier name together', () => {
    expect(loadConfig({}).fetchTrustedHosts).toEqual([]);
    const both = loadConfig({
      FETCH_TRUSTED_HOSTS: 'Files.LAN, 10.0.0.5:8080',
      IMAGE_DOWNLOAD_TRUSTED_HOSTS: 'gateway.lan,files.lan',
    });
    expect(both.fetchTrustedHosts).toEqual(['files.lan', '10.0.0.5:8080', 'gateway.lan']);
    expect(loadConfig({ IMAGE_DOWNLOAD_TRUSTED_HOSTS: 'gateway.lan' }).fetchTrustedHosts).toEqual([
      'gateway.lan',
    ]);
  });

  it('keeps the deploy heartbeat deadline above three missed beats', () => {
    expect(loadConfig({}).RECOVER_AFTER_SECONDS).toBe(60);
    expect(loadConfig({ RECOVER_AFTER_SECONDS: '15' }).RECOVER_AFTER_SECONDS).toBe(15);
    expect(() => loadConfig({ RECOVER_AFTER_SECONDS: '10' })).toThrow('RECOVER_AFTER_SECONDS');
  });

  it('derives modes from the environment', () => {
    const embedded = loadConfig({});
    expect(embedded).toMatchObject({
      embeddedDb: true,
      runApi: true,
      runWorkers: true,
      appUrl: 'http://localhost:3000',
    });
    const worker = loadConfig({ ROLE: 'worker', DATABASE_URL: 'postgres://db/x', PORT: '8080' });
    expect(worker).toMatchObject({
      embeddedDb: false,
      runApi: false,
      runWorkers: true,
      appUrl: 'http://localhost:8080',
    });
  });

  it('lets only one live process hold the embedded database, and takes over a stale lock', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-lock-'));
    const lock = path.join(dir, 'db.lock');
    fs.writeFileSync(lock, '1'); // pid 1 is always alive
    expect(() => acquireLock(lock)).toThrow(DataDirLockedError);
    expect(() => acquireLock(lock)).toThrow(/in use by another CityForge process \(pid 1\)/);
    fs.writeFileSync(lock, '999999999'); // no such process
    const release = acquireLock(lock);
    expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lock)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
