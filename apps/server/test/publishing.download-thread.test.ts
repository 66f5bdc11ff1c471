import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@cityforge/shared';
import { cities, pages } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import type { Headers } from './helpers/http.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { siteProject } from './helpers/publishing.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** A written site whose pages are each a few MB of markup: seconds of rendering to build. */
async function largeSite(app: TestApp) {
  const u = await siteProject(app, { token: null });
  const section = (i: number) =>
    `<h2>Service area ${i}</h2><p>Licensed plumbers on call, <a href="/services">see services</a>.</p>`;
  const big = Array.from({ length: 20_000 }, (_, i) => section(i)).join('');
  await app.ctx.db.update(pages).set({ contentHtml: big }).where(eq(pages.projectId, u.id));
  await app.ctx.db.update(cities).set({ contentHtml: big }).where(eq(cities.projectId, u.id));
  return u;
}

/** Holds every build at its read of the places until `open` is called; counts the builds held. */
function holdBuilds(app: TestApp) {
  const repo = app.ctx.repos.publishingRepo;
  const states = repo.siteStates.bind(repo);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held = { count: 0, open };
  // The repo answers with a query builder; the build only awaits it, so a promise will do.
  const waiting = async (projectId: string) => {
    held.count += 1;
    await gate;
    return states(projectId);
  };
  vi.spyOn(repo, 'siteStates').mockImplementation(waiting as unknown as typeof repo.siteStates);
  return held;
}

const until = async (ready: () => boolean) => {
  while (!ready()) await new Promise((r) => setTimeout(r, 10));
};

/** Opens a download over HTTP and holds it: the body is not read until `drain` is called. */
function openDownload(id: string, headers: Headers) {
  return new Promise<{ status: number; drain: () => Promise<number> }>((resolve, reject) => {
    const req = http.get(`http://127.0.0.1:${port}/api/projects/${id}/download-site/`, { headers });
    req.on('error', reject);
    req.on('response', (res) => {
      res.pause();
      const drain = () =>
        new Promise<number>((done) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => done(bytes));
          res.resume();
        });
      resolve({ status: res.statusCode ?? 0, drain });
    });
  });
}

describe('a site download is built off the API thread', () => {
  it('GET /api/health answers while a large site ZIP is being built', async () => {
    const u = await largeSite(t);
    const repo = t.ctx.repos.publishingRepo;
    const order: string[] = [];
    let health: Promise<number> | null = null;
    // The pages are read, then rendered one after another; the cities are read after them.
    const images = repo.siteImages.bind(repo);
    vi.spyOn(repo, 'siteImages').mockImplementation(async (projectId) => {
      const found = await images(projectId);
      health = t.app
        .inject({ method: 'GET', url: '/api/health' })
        .then((res) => (order.push('health'), res.statusCode));
      return found;
    });
    const stubs = repo.cityStubs.bind(repo);
    vi.spyOn(repo, 'cityStubs').mockImplementation((projectId) => {
      order.push('pages rendered');
      return stubs(projectId);
    });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${u.id}/download-site/`,
        headers: u.headers,
      });
      order.push('download');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(await health).toBe(200);
      // On the API thread, rendering the pages would hold the health check until it was done.
      expect(order).toEqual(['health', 'pages rendered', 'download']);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('site downloads have limits', () => {
  it('refuses a third download of one user while two are being built', async () => {
    const u = await siteProject(t, { token: null });
    const held = holdBuilds(t);
    const started = vi.spyOn(t.ctx.services.publishService, 'download');
    try {
      const two = [openDownload(u.id, u.headers), openDownload(u.id, u.headers)];
      await until(() => held.count === 2);
      const asked = t.app.inject({
        method: 'GET',
        url: `/api/projects/${u.id}/download-site/`,
        headers: u.headers,
      });
      let answered = false;
      void asked.then(() => (answered = true));
      // Without the cap the third would go on to a build of its own and wait behind the two.
      await until(() => answered || started.mock.calls.length > 2);
      expect(started).toHaveBeenCalledTimes(2);
      const third = await asked;
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(
        'At most 2 site downloads can run at once; wait for one to finish.',
      );
      held.open();
      const done = await Promise.all(two);
      expect(done.map((d) => d.status)).toEqual([200, 200]);
      for (const bytes of await Promise.all(done.map((d) => d.drain())))
        expect(bytes).toBeGreaterThan(0);
    } finally {
      held.open();
      vi.restoreAllMocks();
    }
  });

  it("answers the build's own refusal as before: nothing written yet is 409", async () => {
    const u = await signedInUser(t, { plan: 'basic' });
    const project = await createProject(t, u.user.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/download-site/`,
      headers: u.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.nothingToPublish);
  });

  it('stops a build past its deadline, tells the user, and lives on', async () => {
    const brief = await createTestApp({ SITE_ZIP_TIMEOUT_SECONDS: '1' });
    const held = holdBuilds(brief);
    try {
      const u = await siteProject(brief, { token: null });
      const res = await brief.app.inject({
        method: 'GET',
        url: `/api/projects/${u.id}/download-site/`,
        headers: u.headers,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'The site took too long to build for a download. Try again later; if it keeps failing, contact support.',
      );
      held.open();
      expect((await brief.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      vi.restoreAllMocks();
      await brief.close();
    }
  });

  it('gives the slot back when the client leaves during the build: two left, the next is sent', async () => {
    const u = await siteProject(t, { token: null });
    const tmp = path.join(t.ctx.config.dataDir, 'tmp');
    const held = holdBuilds(t);
    try {
      const left = [0, 1].map(() =>
        http.get(`http://127.0.0.1:${port}/api/projects/${u.id}/download-site/`, {
          headers: u.headers,
        }),
      );
      for (const req of left) req.on('error', () => {});
      await until(() => held.count === 2);
      for (const req of left) req.destroy();
      // Their builds stop and their folders go (the slot is given back before that).
      await until(() => fs.readdirSync(tmp).length === 0);
      held.open();
      // With the slots of the two that left still held, this one would be refused (429).
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${u.id}/download-site/`,
        headers: u.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.rawPayload.length).toBeGreaterThan(0);
    } finally {
      held.open();
      vi.restoreAllMocks();
    }
  });

  it('answers 503 to a download that waited too long behind other builds, and builds the others', async () => {
    const busy = await createTestApp({ SITE_ZIP_QUEUE_SECONDS: '1' });
    const held = holdBuilds(busy);
    try {
      const a = await siteProject(busy, { token: null });
      const b = await siteProject(busy, { token: null });
      const url = (id: string) => `/api/projects/${id}/download-site/`;
      const get = (id: string, headers: Headers) =>
        busy.app.inject({ method: 'GET', url: url(id), headers });
      // A's two downloads hold both build processes until the builds are let go.
      const two = [get(a.id, a.headers), get(a.id, a.headers)];
      await until(() => held.count === 2);
      const waited = await get(b.id, b.headers);
      expect(waited.statusCode).toBe(503);
      expect(waited.json().message).toBe(
        'Site downloads are busy right now. Try again in a minute.',
      );
      expect(held.count).toBe(2);
      held.open();
      expect((await Promise.all(two)).map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await get(b.id, b.headers)).statusCode).toBe(200);
    } finally {
      held.open();
      vi.restoreAllMocks();
      await busy.close();
    }
  });
});
