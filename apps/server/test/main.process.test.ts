import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from './helpers/process.ts';
import { startFakeS3 } from '@cityforge/fakes/s3';

const CREATE_ADMIN = path.resolve(import.meta.dirname, '../src/cli/create-admin.ts');
const started: ServerProcess[] = [];

function start(...args: Parameters<typeof spawnServer>) {
  const server = spawnServer(...args);
  started.push(server);
  return server;
}

afterAll(() => started.forEach((s) => s.child.exitCode === null && s.child.kill('SIGKILL')));

describe('the server process', () => {
  it('boots on the embedded database, creates the admin, refuses a second process, stops cleanly', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-main-'));
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD: 'admin-pass-1',
    };
    const first = start(env);
    const banner = await first.ready(/CityForge is running at (http:\/\/\S+)/);
    expect(banner).toContain('Sign in as root@example.com');
    const port =
      /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(banner)?.[1] ??
      /localhost:(\d+)/.exec(banner)?.[1];

    const login = await fetch(`http://127.0.0.1:${port}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'root@example.com', password: 'admin-pass-1' }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).user).toMatchObject({ isSuperuser: true, adminBypass: true });

    const second = start({ ...env, PORT: '0' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another CityForge process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates or updates a superuser from the command line', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-cli-'));
    const bad = start({ DATA_DIR: dataDir }, CREATE_ADMIN, ['not-an-email', '123']);
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid email address');
    expect(bad.output()).toContain('Password must be at least 6 characters');

    const ok = start({ DATA_DIR: dataDir }, CREATE_ADMIN, ['ops@example.com', 'ops-pass-1']);
    expect(await ok.exited).toBe(0);
    expect(ok.output()).toContain('Superuser ops@example.com is ready.');

    const server = start({ DATA_DIR: dataDir, PORT: '0' });
    const banner = await server.ready(/CityForge is running at http:\/\/localhost:(\d+)/);
    const port = /localhost:(\d+)/.exec(banner)![1];
    const login = await fetch(`http://127.0.0.1:${port}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'ops-pass-1' }),
    });
    expect((await login.json()).user).toMatchObject({ isSuperuser: true, isEmailVerified: true });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start when its storage bucket does not exist, and says so', async () => {
    const s3 = await startFakeS3();
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-nobucket-'));
      const bad = start({
        ...s3.env,
        S3_BUCKET: 'no-such-bucket',
        APP_SECRET: 'y'.repeat(32),
        DATA_DIR: dataDir,
        PORT: '0',
      });
      expect(await bad.exited).not.toBe(0);
      expect(bad.output()).toContain(
        'The storage bucket s3://no-such-bucket at ' +
          s3.endpoint +
          ' cannot be used: it does not exist.',
      );
      expect(bad.output()).not.toContain('CityForge is running');
      fs.rmSync(dataDir, { recursive: true, force: true });
    } finally {
      await s3.close();
    }
  });

  it('refuses to start on an invalid environment and names the variable', async () => {
    const bad = start({ PORT: 'not-a-port', DATA_DIR: os.tmpdir() });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/Invalid environment:[\s\S]*PORT/);
  });
});
