import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import {
  defaultPageContent,
  startFakeAi,
  type FakeAi,
  type FakeAiCall,
} from '@cityforge/fakes/openai';
import {
  crashRig,
  createProject,
  pageStates,
  settled,
  signIn,
  uploadSheets,
  type Api,
  type ChildDatabase,
} from './helpers/crash.ts';
import { FIFTY_CITIES, spreadsheet } from './helpers/locations.ts';

const rig = crashRig();
let ai: FakeAi | undefined;
afterAll(async () => {
  await rig.close();
  await ai?.close();
});

const MODEL = 'anthropic/claude-3.7-sonnet';
/** The superuser writes with the server's key, through the fake provider. */
const aiEnv = (fake: FakeAi) => ({
  OPENROUTER_API_KEY: 'sk-or-server',
  OPENROUTER_BASE_URL: fake.openRouterUrl,
});

/** A site on a real model: four pages, the service pages the homepage names, fifty cities. */
async function writeSite(api: Api) {
  const id = await createProject(api, {
    name: 'Shared Queue Roofing',
    serviceType: 'Roofing',
    model: MODEL,
    prompt: 'Roofers since 1990.\n- Roof Repair\n- Gutter Cleaning',
    createServicePages: true,
  });
  await settled(api, id);
  const sheet = [['City', 'State', 'County', 'ZIP'], ...FIFTY_CITIES];
  const upload = await uploadSheets(api, id, [spreadsheet('csv', sheet)], { model: MODEL });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const done = await settled(api, id);
  expect(done.status).toBe(PROJECT_STATUS.created);
  const pages = pageStates(done);
  expect(pages.filter((p) => p.status !== PAGE_STATUS.completed)).toEqual([]);
  return { id, pages };
}

/** Usage rows per page in the database: one per page means no page was written twice. */
async function usageRows(db: ChildDatabase, id: string) {
  return db.query<{ page: string; n: number }>(
    `select coalesce(page_id, city_id)::text as page, count(*)::int as n
       from ai_usage where project_id = $1 group by 1 order by 1`,
    [id],
  );
}

const onPostgres = Boolean(inject('testDatabaseUrl'));

describe('worker processes', () => {
  if (onPostgres)
    it('two workers on one PostgreSQL share the queue and write every page exactly once', async () => {
      // The first answers wait until three calls are in flight at once. Each worker writes at
      // most two pages at a time, so the site is only ever written if both take jobs.
      let arrived = 0;
      let open!: () => void;
      const three = new Promise<void>((resolve) => (open = resolve));
      const fake = (ai = await startFakeAi({
        latencyMs: 100,
        async respond(call: FakeAiCall) {
          if (++arrived === 3) open();
          await three;
          return JSON.stringify(defaultPageContent(call.messages));
        },
      }));
      const db = await rig.database();
      const api = await rig.start(db, { ...aiEnv(fake), ROLE: 'api' });
      const workerEnv = { ...aiEnv(fake), ROLE: 'worker', WORKER_CONCURRENCY: '2' };
      const workers = [await rig.start(db, workerEnv), await rig.start(db, workerEnv)];

      const { id, pages } = await writeSite(await signIn(api.base));
      expect(pages.length).toBeGreaterThan(4 + FIFTY_CITIES.length);
      expect(fake.maxConcurrent).toBeGreaterThanOrEqual(3);
      // One answer per page: no page went to the provider twice.
      expect(fake.requests).toHaveLength(pages.length);
      expect(fake.completions).toHaveLength(pages.length);
      expect(pages.map((p) => p.usage)).toEqual(pages.map(() => 1));
      const rows = await usageRows(db, id);
      expect(rows.map((r) => r.page)).toEqual(pages.map((p) => p.id).sort());
      expect(rows.filter((r) => r.n !== 1)).toEqual([]);
      // Neither worker fell over on the way.
      for (const worker of workers) expect(worker.child.exitCode).toBeNull();
    }, 240_000);
  else
    it('a second process on the same embedded data folder is refused, and the first keeps working', async () => {
      const fake = (ai = await startFakeAi({ latencyMs: 200 }));
      const db = await rig.database();
      const first = await rig.start(db, { ...aiEnv(fake), WORKER_CONCURRENCY: '2' });
      const api = await signIn(first.base);
      const lock = path.join(db.dataDir, 'db.lock');
      expect(fs.readFileSync(lock, 'utf8')).toBe(String(first.child.pid));

      // A worker started next to it, mid-generation, stops at once and says why.
      const writing = writeSite(api);
      await fake.waitForRequests(1, 30_000);
      const second = await rig.spawn(db, { ...aiEnv(fake), ROLE: 'worker' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `is in use by another CityForge process (pid ${first.child.pid})`,
      );
      expect(second.output()).toContain('set DATABASE_URL to share a PostgreSQL database');
      // It left the lock to its owner.
      expect(fs.readFileSync(lock, 'utf8')).toBe(String(first.child.pid));

      const { id, pages } = await writing;
      expect(pages.length).toBeGreaterThan(4 + FIFTY_CITIES.length);
      expect(fake.completions).toHaveLength(pages.length);
      expect(pages.map((p) => p.usage)).toEqual(pages.map(() => 1));

      expect(await first.stop()).toBe(0);
      expect(fs.existsSync(lock)).toBe(false);
      const rows = await usageRows(db, id);
      expect(rows).toHaveLength(pages.length);
      expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    }, 240_000);
});
