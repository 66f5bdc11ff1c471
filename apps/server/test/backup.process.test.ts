import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { PGlite } from '@electric-sql/pglite';
import { PAGE_STATUS, PROJECT_STATUS, type TProjectDetail, type TUser } from '@cityforge/shared';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { PGLITE_START_PARAMS } from '../src/db/open.ts';
import { codeMigrationLevel } from '../src/backup/backup-manifest.ts';
import { freePort, spawnServer, type ServerProcess } from './helpers/process.ts';
import {
  ADMIN,
  createProject,
  detail,
  pageStates,
  settled,
  signIn,
  type Api,
} from './helpers/crash.ts';
import { until } from './helpers/wait.ts';
import { MIGRATIONS, readFolder, scratch } from './helpers/backups.ts';

const BACKUP = path.resolve(import.meta.dirname, '../src/cli/backup.ts');
const RESTORE = path.resolve(import.meta.dirname, '../src/cli/restore.ts');

const folders = scratch('cityforge-backup-process-');
const processes: ServerProcess[] = [];
let ai: FakeAi | undefined;
afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await Promise.all(processes.map((p) => p.exited));
  await ai?.close();
  folders.cleanup();
});

/** `npm run backup` / `npm run restore`, as a process of their own; answers exit code and output. */
async function command(script: string, env: Record<string, string>, ...args: string[]) {
  const run = spawnServer(env, script, args);
  processes.push(run);
  const code = await run.exited;
  return { code, output: run.output() };
}

/** The server (main.ts) on `env`, once it listens, with its base URL. */
async function start(env: Record<string, string>) {
  const port = String(await freePort());
  const server = spawnServer({ ...env, PORT: port });
  processes.push(server);
  await server.url();
  return Object.assign(server, { base: `http://127.0.0.1:${port}` });
}

/** What the owner sees of a project: its pages and their states, and each written page's text. */
async function looks(api: Api, id: string) {
  const tree: TProjectDetail = await detail(api, id);
  const pages = pageStates(tree);
  const written: Record<string, string> = {};
  for (const page of pages.filter((p) => p.status === PAGE_STATUS.completed)) {
    const view = await api.get<{ page: { content_html: string } }>(
      `/api/projects/${id}/homepage/view/?page_id=${page.id}`,
    );
    written[page.id] = view.body.page.content_html;
  }
  const list = await api.get<{ results: { id: string; name: string }[] }>('/api/projects/');
  return { projects: list.body.results.map((p) => [p.id, p.name]), pages, written };
}

describe('npm run backup and npm run restore', () => {
  it('back up the running app while it writes pages; the restore starts with the same projects, pages, images, sessions and keys', async () => {
    ai = await startFakeAi();
    const WRITTEN = 2;
    // The first pages are answered; every later call is held by the provider, unanswered: the
    // backup is taken with pages written, pages being written and pages waiting.
    const hold = ai.failWhile((call) => call.callIndex >= WRITTEN, { hang: true });
    const env = {
      DATA_DIR: folders.folder(),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_AUTH_MAX: '1000',
      OPENROUTER_BASE_URL: ai.openRouterUrl,
      OPENAI_BASE_URL: ai.url,
      NETLIFY_API_URL: 'http://127.0.0.1:9/api/v1',
      AI_TIMEOUT_SECONDS: '1800',
    };
    const app = await start(env);
    const api = await signIn(app.base);
    // The owner's own keys, sealed with the secret the app generated in DATA_DIR.
    const keys = { userOpenRouterApiKey: 'sk-or-owner-1234', userOpenAiApiKey: 'sk-owner-5678' };
    expect((await api.send('PATCH', '/auth/me/', keys)).status).toBe(200);
    const id = await createProject(api, {
      name: 'Backup Roofing',
      serviceType: 'Roofing',
      model: 'anthropic/claude-3.7-sonnet',
    });
    const image = await api.send<{ src: string }>('POST', `/api/projects/${id}/images/`, {
      prompt: 'A roof at dusk',
    });
    expect(image.status).toBe(201);
    const imageBytes = Buffer.from(
      await (await fetch(`${app.base}${image.body.src}`)).arrayBuffer(),
    );
    expect(imageBytes.length).toBeGreaterThan(0);

    await until(
      () => detail(api, id),
      (d) => pageStates(d).filter((p) => p.status === PAGE_STATUS.completed).length === WRITTEN,
      'the first pages to be written',
    );
    await ai.waitForRequests(WRITTEN + 1);
    const before = await looks(api, id);
    expect(before.pages.length).toBeGreaterThan(WRITTEN);
    const me = (await api.get<TUser>('/auth/me/')).body;

    const file = path.join(folders.folder(), 'nightly.tar.gz');
    const backup = await command(BACKUP, { DATA_DIR: env.DATA_DIR }, file);
    expect(backup.output).toContain(`Backup written to ${file}`);
    expect(backup.output).toContain('from the running app');
    expect(backup.output).toContain('1 file in images');
    expect(backup.output).toContain('It holds DATA_DIR/secret');
    expect(backup.code).toBe(0);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    // The app went on answering, and still holds its database.
    expect((await api.get('/api/projects/')).status).toBe(200);
    app.child.kill('SIGKILL');
    await app.exited;

    const restoredDir = path.join(folders.folder(), 'restored');
    const restore = await command(RESTORE, { DATA_DIR: restoredDir }, file);
    expect(restore.output).toContain(`Restored ${file}`);
    expect(restore.output).toContain('1 user, 1 project; 1 file in images.');
    expect(restore.output).toContain('The secret came with it');
    expect(restore.code).toBe(0);

    // Without workers nothing moves: the restored app shows exactly what the backup caught.
    const restoredEnv = { ...env, DATA_DIR: restoredDir };
    const apiOnly = await start({ ...restoredEnv, ROLE: 'api' });
    // The session signed before the backup still holds: the same secret signs them.
    const meAfter = await fetch(`${apiOnly.base}/auth/me/`, { headers: api.headers });
    expect(meAfter.status).toBe(200);
    const meBody = (await meAfter.json()) as TUser;
    expect(meBody.userOpenRouterApiKey).toBe(me.userOpenRouterApiKey);
    expect(meBody.userOpenAiApiKey).toBe(me.userOpenAiApiKey);
    expect(meBody.userOpenRouterApiKey).toMatch(/^sk-.*1234$/);
    const restoredApi = await signIn(apiOnly.base);
    expect(await looks(restoredApi, id)).toEqual(before);
    const served = await fetch(`${apiOnly.base}${image.body.src}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(imageBytes);
    expect(await apiOnly.stop()).toBe(0);

    // With workers, and the provider answering again, the pages caught in flight are written,
    // with the owner's own key opened by the restored secret; written pages stay as they were.
    hold();
    const answeredBefore = ai.completions.length;
    const full = await start(restoredEnv);
    const fullApi = await signIn(full.base);
    const state = await settled(fullApi, id);
    expect(state.status).toBe(PROJECT_STATUS.created);
    expect(pageStates(state).map((p) => p.status)).toEqual(
      before.pages.map(() => PAGE_STATUS.completed),
    );
    const after = await looks(fullApi, id);
    for (const [pageId, html] of Object.entries(before.written))
      expect(after.written[pageId]).toBe(html);
    const newCalls = ai.completions.slice(answeredBefore);
    expect(newCalls).toHaveLength(before.pages.length - WRITTEN);
    expect(new Set(newCalls.map((c) => c.key))).toEqual(new Set([keys.userOpenRouterApiKey]));
    expect(await full.stop()).toBe(0);
  }, 300_000);

  it('refuse what they cannot do, each with a sentence, and leave everything as it was', async () => {
    const dataDir = folders.folder();
    const elsewhere = await command(
      BACKUP,
      {
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
      },
      path.join(dataDir, 'x.tar.gz'),
    );
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.output).toContain('npm run backup is for the embedded mode');
    expect(elsewhere.output).toContain('the database is PostgreSQL (DATABASE_URL is set)');
    expect(elsewhere.output).toContain('pg_dump or point-in-time recovery');
    expect(elsewhere.output).toContain('docs/operations.md ("Backups")');

    const bucket = await command(
      RESTORE,
      {
        DATA_DIR: dataDir,
        S3_BUCKET: 'cityforge-files',
        APP_SECRET: 's'.repeat(40),
      },
      path.join(dataDir, 'x.tar.gz'),
    );
    expect(bucket.code).toBe(1);
    expect(bucket.output).toContain('npm run restore is for the embedded mode');
    expect(bucket.output).toContain('the files are in object storage (S3_BUCKET is set)');

    const nothing = await command(BACKUP, { DATA_DIR: dataDir }, path.join(dataDir, 'x.tar.gz'));
    expect(nothing.code).toBe(1);
    expect(nothing.output).toContain(`There is no CityForge database in ${dataDir}`);
    expect(fs.readdirSync(dataDir)).toEqual([]);

    const existing = path.join(folders.folder(), 'kept.tar.gz');
    fs.writeFileSync(existing, 'an older backup');
    const replace = await command(BACKUP, { DATA_DIR: dataDir }, existing);
    expect(replace.code).toBe(1);
    expect(replace.output).toContain(`${existing} already exists: a backup never replaces a file`);
    expect(fs.readFileSync(existing, 'utf8')).toBe('an older backup');

    fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'mine');
    const full = await command(RESTORE, { DATA_DIR: dataDir }, existing);
    expect(full.code).toBe(1);
    expect(full.output).toContain(`The data folder ${dataDir} is not empty`);
    expect(full.output).toContain('Nothing was restored.');
    expect(fs.readdirSync(dataDir)).toEqual(['notes.txt']);

    const empty = path.join(folders.folder(), 'new');
    const junk = await command(RESTORE, { DATA_DIR: empty }, existing);
    expect(junk.code).toBe(1);
    expect(junk.output).toContain(`${existing} is not a CityForge backup`);
    expect(fs.existsSync(empty)).toBe(false);
  });

  it('restore a backup from an older migration level, which the next start migrates', async () => {
    // A database as an earlier release left it: every migration but the last.
    const older = folders.folder();
    fs.cpSync(MIGRATIONS, path.join(older, 'migrations'), { recursive: true });
    const journalFile = path.join(older, 'migrations', 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const dataDir = path.join(older, 'data');
    fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    const db = await PGlite.create(path.join(dataDir, 'db'), { startParams: PGLITE_START_PARAMS });
    await migrate(drizzle(db), { migrationsFolder: path.join(older, 'migrations') });
    await db.close();

    const code = codeMigrationLevel();
    const file = path.join(older, 'older.tar.gz');
    const backup = await command(BACKUP, { DATA_DIR: dataDir }, file);
    expect(backup.output).toContain('with the app stopped');
    expect(backup.output).toContain(`The database at migration ${code.count - 1} (`);
    expect(backup.code).toBe(0);
    // The command let go of the folder: the lock is gone, the database untouched.
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    const restoredDir = path.join(older, 'restored');
    const restore = await command(RESTORE, { DATA_DIR: restoredDir }, file);
    expect(restore.output).toContain(
      `the next start migrates it to migration ${code.count} (${code.latest})`,
    );
    expect(restore.code).toBe(0);
    const app = await start({ DATA_DIR: restoredDir });
    expect(await app.stop()).toBe(0);
    const applied = await readFolder(restoredDir, async (restored) => {
      const { rows } = await restored.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      return rows[0]!.n;
    });
    expect(applied).toBe(code.count);
  }, 180_000);
});
