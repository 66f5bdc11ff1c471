import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type TPublishResult } from '@cityforge/shared';
import {
  startFakeNetlify,
  type FakeNetlify,
  type FakeNetlifyRequest,
} from '@cityforge/fakes/netlify';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { publish, siteProject } from './helpers/publishing.ts';

// Netlify's limits on a small scale, so the tests run in seconds: the app keeps 3 deploys per
// 8 s per token and lets its own count of calls go high, so that only Netlify's answers (its
// headers and 429s) pace the calls. Each test has a token of its own, as each user would.
const WINDOW_MS = 8_000;
const TOKENS = ['four-deploys', 'retry-after', 'remaining', 'two-apps', 'refused', 'zip-deploys'];
const LIMITS = {
  NETLIFY_RATE_WINDOW_SECONDS: String(WINDOW_MS / 1000),
  NETLIFY_DEPLOYS_PER_WINDOW: '3',
  NETLIFY_CALLS_PER_WINDOW: '100000',
};

let t: TestApp;
let netlify: FakeNetlify;
beforeAll(async () => {
  netlify = await startFakeNetlify({ tokens: TOKENS });
  t = await createTestApp({ NETLIFY_API_URL: netlify.url, ...LIMITS });
});
afterAll(async () => {
  await t.close();
  await netlify.close();
});

const isCreation = (r: FakeNetlifyRequest) => r.method === 'POST' && /\/deploys$/.test(r.path);
const ofToken = (token: string) => netlify.requests.filter((r) => r.token === token);

/** Publishes every project at once; each answer once its deploy is over. */
async function publishAll(
  projects: Array<{ id: string; headers: Record<string, string> }>,
  app = t,
) {
  const answers = await Promise.all(projects.map((p) => publish(app, p.id, p.headers)));
  for (const res of answers) expect(res.statusCode, res.body).toBe(200);
  return answers.map((res) => res.json() as TPublishResult);
}

/** The notes each project's running deploy showed while `during` ran. */
async function notesWhile<T>(projectIds: string[], during: Promise<T>, app = t) {
  const notes = new Set<string>();
  let done = false;
  const watch = (async () => {
    while (!done) {
      for (const id of projectIds) {
        const row = await app.ctx.repos.publishingRepo.latestDeploy(id);
        if (row?.note && row.finishedAt === null) notes.add(`${row.state}: ${row.note}`);
      }
      await sleep(25);
    }
  })();
  try {
    return { result: await during, notes: [...notes] };
  } finally {
    done = true;
    await watch;
  }
}

// Each test waits out real (if short) windows behind a written project.
describe("Netlify's rate limits", () => {
  it('creates at most 3 deploys of one token a window: the fourth waits, visibly, and goes out', async () => {
    const token = 'four-deploys';
    netlify.setRateLimits({ windowMs: WINDOW_MS, calls: 100_000, deploys: 3 });
    const project = await siteProject(t, { token });
    const owner = (await t.ctx.repos.usersRepo.findById(project.user.id))!;
    const client = t.ctx.modules.publishing.netlify.forOwner(owner)!;
    const site = await client.createSite({});
    // Three deploys of the same token (another site of the owner's, another tab) take the
    // window's slots; the project's deploy, built meanwhile, must wait for the window's end.
    for (let i = 0; i < 3; i++) await client.createDeploy(site.id, {}, () => {});
    const { result, notes } = await notesWhile([project.id], publishAll([project]));
    expect(result[0]!.deployment.state).toBe('ready');
    expect(result[0]!.deployment.note).toBeNull();
    // Netlify refused none: no window held a fourth creation.
    const creations = ofToken(token).filter(isCreation);
    expect(creations.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(creations[3]!.at - creations[0]!.at).toBeGreaterThanOrEqual(WINDOW_MS);
    // The waiting deploy said why on its line, and was never failed for it.
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes)
      expect(note).toMatch(
        /^building: Waiting for Netlify's deploy limit \(3 per 8 s with one access token\): next try in about \d+ s\.$/,
      );
  });

  it("waits out a 429's Retry-After on creating a deploy, then the deploy goes out", async () => {
    const token = 'retry-after';
    // Netlify takes fewer deploys than the app's limit: the second creation is refused, with
    // Retry-After past the calls' X-RateLimit-Reset (which alone would bring it back too soon).
    netlify.setRateLimits({ windowMs: WINDOW_MS, calls: 100_000, deploys: 1 });
    const { user } = await siteProject(t, { token });
    const owner = (await t.ctx.repos.usersRepo.findById(user.id))!;
    const client = t.ctx.modules.publishing.netlify.forOwner(owner)!;
    const site = await client.createSite({});
    // The token's window of calls opens half a window before its deploys' does: its Reset
    // comes first, and a client that went by it would be refused again.
    await sleep(WINDOW_MS / 2);
    const made = await Promise.all([
      client.createDeploy(site.id, {}, () => {}),
      client.createDeploy(site.id, {}, () => {}),
    ]);
    expect(new Set(made.map((d) => d.id)).size).toBe(2);
    const creations = ofToken(token).filter(isCreation);
    // One refusal, and the refused creation came back once Netlify's window was over.
    expect(creations.map((r) => r.status)).toEqual([200, 429, 200]);
    expect(creations[2]!.at - creations[0]!.at).toBeGreaterThanOrEqual(WINDOW_MS);
  });

  it("keeps to Netlify's X-RateLimit-Remaining and Reset: never refused although the app's own limit is far higher", async () => {
    const token = 'remaining';
    netlify.setRateLimits({ windowMs: 1_000, calls: 3 });
    const project = await siteProject(t, { token });
    const [done] = await publishAll([project]);
    expect(done!.deployment.state).toBe('ready');
    const all = ofToken(token);
    const uploads = all.filter(
      (r) => r.method === 'PUT' && /\/deploys\/[^/]+\/files\//.test(r.path),
    );
    const calls = all.filter((r) => !uploads.includes(r));
    // More calls than one window takes, spread over windows, none of them refused; the file
    // uploads, which Netlify limits by concurrency and not by the minute, went beside them.
    expect(calls.length).toBeGreaterThan(3);
    expect(uploads.length).toBeGreaterThan(3);
    expect(all.filter((r) => r.status === 429)).toEqual([]);
    const files = netlify.publishedFiles(new URL(done!.netlifyUrl).host);
    expect(files.size).toBe(done!.deployment.filesTotal);
  });

  it('shares the deploy slots of a token between two app instances on one database', async () => {
    const token = 'two-apps';
    netlify.setRateLimits({ windowMs: WINDOW_MS, calls: 100_000, deploys: 3 });
    const second = await createTestApp(
      { NETLIFY_API_URL: netlify.url, ...LIMITS },
      { sameDatabaseAs: t },
    );
    try {
      const { user } = await siteProject(t, { token });
      const owner = (await t.ctx.repos.usersRepo.findById(user.id))!;
      const [a, b] = [t, second].map((app) => app.ctx.modules.publishing.netlify.forOwner(owner)!);
      const site = await a!.createSite({});
      const waits: string[] = [];
      const create = (client: typeof a, name: string) =>
        client!.createDeploy(site.id, {}, () => void waits.push(name));
      const made = await Promise.all([
        create(a, 'a1'),
        create(b, 'b1'),
        create(a, 'a2'),
        create(b, 'b2'),
      ]);
      expect(new Set(made.map((d) => d.id)).size).toBe(4);
      // Each instance alone would have let its two through at once: together they kept to 3.
      const creations = ofToken(token).filter(isCreation);
      expect(creations.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(creations[3]!.at - creations[0]!.at).toBeGreaterThanOrEqual(WINDOW_MS);
      expect(new Set(waits).size).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('keeps a first deploy sent as one ZIP waiting, as building, until a slot frees', async () => {
    const token = 'zip-deploys';
    netlify.setRateLimits({ windowMs: WINDOW_MS, calls: 100_000, deploys: 3 });
    // An app of its own (its own queue) whose first deploys all go as a ZIP.
    const zipping = await createTestApp({
      NETLIFY_API_URL: netlify.url,
      ...LIMITS,
      NETLIFY_ZIP_FROM_CITIES: '0',
    });
    try {
      const project = await siteProject(zipping, { token });
      const owner = (await zipping.ctx.repos.usersRepo.findById(project.user.id))!;
      const client = zipping.ctx.modules.publishing.netlify.forOwner(owner)!;
      const site = await client.createSite({});
      for (let i = 0; i < 3; i++) await client.createDeploy(site.id, {}, () => {});
      const { result, notes } = await notesWhile(
        [project.id],
        publishAll([project], zipping),
        zipping,
      );
      expect(result[0]!.deployment).toMatchObject({ state: 'ready', note: null });
      const creations = ofToken(token).filter(isCreation);
      expect(creations.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(creations[3]!.at - creations[0]!.at).toBeGreaterThanOrEqual(WINDOW_MS);
      expect(netlify.uploads.filter((u) => u.via === 'zip').length).toBe(
        result[0]!.deployment.filesTotal,
      );
      // Waiting for the slot, the deploy says so and is still building, not uploading.
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes)
        expect(note).toMatch(/^building: Waiting for Netlify's deploy limit/);
    } finally {
      await zipping.close();
    }
  });

  it('fails with a clear reason, after a bounded number of tries, when Netlify keeps refusing', async () => {
    const token = 'refused';
    netlify.setRateLimits(null);
    const project = await siteProject(t, { token });
    netlify.rateLimit({ times: 1_000, resetInSeconds: 1, match: (r) => r.token === token });
    const res = await publish(t, project.id, project.headers);
    expect(res.statusCode).toBe(502);
    expect((res.json() as { message: string }).message).toBe(
      `Netlify could not take the deploy: ${MSG.netlifyRateLimited}`,
    );
    // The official client's first try and its five retries, each after the wait asked for.
    const refused = ofToken(token);
    expect(refused.map((r) => r.status)).toEqual(Array(6).fill(429));
  });
});
