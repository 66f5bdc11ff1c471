import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../src/jobs/boss.ts';
import { childEnv, createChildPool } from '../src/lib/child-pool.ts';
import { storeEnvironment, type StoreSettings } from '../src/lib/storage/open-store.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { siteProject } from './helpers/publishing.ts';

// Secrets as an operator's environment holds them: the API process has them, no child may.
const CANARIES = {
  APP_SECRET: 'canary-app-secret-7d1f',
  DATABASE_URL: 'postgres://canary:canary-db-pass@db.internal/cityforge',
  S3_SECRET_ACCESS_KEY: 'canary-s3-secret-9a2b',
  STRIPE_SECRET_KEY: 'sk_live_canary0123456789',
  OPENROUTER_API_KEY: 'sk-or-v1-canary0123456789',
  NETLIFY_AUTH_TOKEN: 'nfp_canary0123456789',
};
// Node's fork adds its IPC channel's two (the child takes them out of its process.env). A
// site build that opens S3 gets the operator's CA bundle (a path, no secret): a pool of an
// earlier test file's S3 store may still have children of this process.
const ALLOWED = new Set([
  'NODE_EXTRA_CA_CERTS',
  'PATH',
  'NODE_OPTIONS',
  'TZ',
  'LANG',
  'LC_ALL',
  'NODE_CHANNEL_FD',
  'NODE_CHANNEL_SERIALIZATION_MODE',
]);
const saved = Object.fromEntries(Object.keys(CANARIES).map((k) => [k, process.env[k]]));

let t: TestApp;
beforeAll(async () => {
  Object.assign(process.env, CANARIES);
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

/** This process's live children whose command line names `script`, as the system sees them. */
function childrenRunning(script: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (name) state ppid …": the name may hold spaces, so read after its closing paren.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === process.pid && cmdline.includes(script)) found.push(Number(entry));
    } catch {
      // A process that ended while the list was read.
    }
  }
  return found;
}

/** The environment a process was started with, read from the system. */
function environmentOf(pid: number): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')) {
    const at = pair.indexOf('=');
    if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

function expectMinimal(env: Record<string, string>) {
  expect(Object.keys(env).filter((name) => !ALLOWED.has(name))).toEqual([]);
  expect(env.PATH).toBe(process.env.PATH);
  const all = Object.values(env).join('\n');
  for (const secret of Object.values(CANARIES)) expect(all).not.toContain(secret);
}

describe("the children's environment", () => {
  it('an upload parse, a scoring and a site ZIP build get PATH and Node settings, no secret', async () => {
    // The upload is parsed in a child, its pages scored in another (asked for when the project
    // settled); the download's site is built in a third.
    const u = await siteProject(t, { token: null });
    await t.drainQueue(QUEUES.scoreSimilarity);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${u.id}/download-site/`,
      headers: u.headers,
    });
    expect(download.statusCode).toBe(200);
    // The parent really has the secrets and much more to pass on.
    expect(process.env.APP_SECRET).toBe(CANARIES.APP_SECRET);
    expect(Object.keys(process.env).length).toBeGreaterThan(ALLOWED.size + 6);

    const parsers = childrenRunning('parse-worker.ts');
    const scorers = childrenRunning('score-worker.ts');
    const builders = childrenRunning('site-zip-worker.ts');
    expect(parsers.length).toBeGreaterThan(0);
    expect(scorers.length).toBeGreaterThan(0);
    expect(builders.length).toBeGreaterThan(0);
    for (const pid of [...parsers, ...scorers, ...builders]) expectMinimal(environmentOf(pid));
  });

  it('opening the store passes on only what the store needs', () => {
    const aws = { AWS_ROLE_ARN: 'arn:aws:iam::1:role/x', AWS_WEB_IDENTITY_TOKEN_FILE: '/t' };
    Object.assign(process.env, aws);
    try {
      expect(storeEnvironment({ kind: 'folder', root: '/data' })).toEqual({});
      const keyed: StoreSettings = {
        kind: 's3',
        bucket: 'b',
        region: 'r',
        accessKeyId: 'a',
        secretAccessKey: 's',
      };
      // With keys, only a CA bundle the operator set (this machine may have one).
      const ca = process.env.NODE_EXTRA_CA_CERTS;
      expect(storeEnvironment(keyed)).toEqual(ca ? { NODE_EXTRA_CA_CERTS: ca } : {});
      // Without keys the AWS SDK finds credentials through its own variables and ~/.aws.
      const chain = storeEnvironment({ kind: 's3', bucket: 'b', region: 'r' });
      expect(chain).toMatchObject(aws);
      const other = Object.keys(chain).filter(
        (k) => !k.startsWith('AWS_') && k !== 'HOME' && k !== 'NODE_EXTRA_CA_CERTS',
      );
      expect(other).toEqual([]);
    } finally {
      for (const name of Object.keys(aws)) delete process.env[name];
    }
  });
});

describe("a child's calls to its parent", () => {
  const pool = createChildPool<
    { ask: string[] },
    { answers: Record<string, string>; env: string[] }
  >({
    workerPath: fileURLToPath(new URL('./fixtures/child-asks.ts', import.meta.url)),
    budget: { timeoutMs: 30_000, memoryMb: 128 },
    processes: 1,
    tooSlow: () => new Error('too slow'),
    tooBig: () => new Error('too big'),
    label: 'test',
    env: { ONE_MORE: 'named by the pool' },
  });

  it('are answered by name from the allow-list; any other name is refused', async () => {
    const { answers, env } = await pool(
      { ask: ['sitePages', 'deleteUser', 'constructor', '__proto__', 'toString'] },
      { sitePages: async (...args) => `pages for ${JSON.stringify(args)}` },
    );
    expect(answers).toEqual({
      sitePages: 'answered pages for ["a",1]',
      deleteUser: 'refused: the parent does not answer deleteUser',
      constructor: 'refused: the parent does not answer constructor',
      __proto__: 'refused: the parent does not answer __proto__',
      toString: 'refused: the parent does not answer toString',
    });
    expect(env).toEqual(Object.keys(childEnv({ ONE_MORE: 'x' })).sort());
    expect(env).toContain('ONE_MORE');
  });
});
