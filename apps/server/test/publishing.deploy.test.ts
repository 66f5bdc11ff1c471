import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, PROJECT_STATUS, type TDeployment, type TProject } from '@cityforge/shared';
import { cities, deploys, pages } from '../src/db/schema/index.ts';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signedInUser } from './helpers/factories.ts';
import { http } from './helpers/http.ts';
import { publish, published, siteProject } from './helpers/publishing.ts';

let t: TestApp;
let netlify: FakeNetlify;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  t = await createTestApp({ NETLIFY_API_URL: netlify.url });
});
afterAll(async () => {
  await t.close();
  await netlify.close();
});

const { get, post } = http(() => t);
const uploadsTo = (deployId: string | null) =>
  netlify.uploads.filter((u) => u.deployId === deployId);
const text = (files: Map<string, Buffer>, file: string) => files.get(file)?.toString('utf8') ?? '';
const deployOf = async (id: string, headers: Record<string, string>) =>
  ((await get(`/api/projects/${id}/deployment/`, headers)).json() as { data: TDeployment | null })
    .data;
const netlifyDeployId = async (deployId: string) =>
  (await t.ctx.repos.publishingRepo.findDeploy(deployId))!.netlifyDeployId;

describe('publishing to Netlify', () => {
  it('creates the site, uploads everything once, then only what changed', async () => {
    const u = await siteProject(t);
    const first = await published(t, u.id, u.headers);
    expect(first.status).toBe(PROJECT_STATUS.published);
    expect(first.netlifyUrl).toMatch(/^https:\/\/lone-star-plumbing-[0-9a-f]{6}\.netlify\.app$/);
    expect(first.hasSiteMap).toBe(true);
    expect(first.netlify_site_url_history).toEqual([first.netlifyUrl]);
    expect(first.deployment.state).toBe('ready');
    const host = new URL(first.netlifyUrl).host;
    const files = netlify.publishedFiles(host);
    expect(files.size).toBe(first.deployment.filesTotal);
    for (const file of [
      '/index.html',
      '/about-us.html',
      '/services.html',
      '/states.html',
      '/states/texas.html',
      '/states/texas/zip-codes.html',
      '/states/texas/travis-county.html',
      '/states/texas/travis-county/austin.html',
      '/states/idaho/ada-county/boise.html',
      '/404.html',
      '/robots.txt',
      '/sitemap.xml',
      '/favicon.svg',
      '/_headers',
    ])
      expect(files.has(file), file).toBe(true);
    // Every distinct file went up exactly once.
    const distinct = new Set([...files.values()].map((b) => b.toString('base64'))).size;
    const firstUploads = uploadsTo(await netlifyDeployId(first.deployment.id));
    expect(firstUploads).toHaveLength(distinct);
    expect(first.deployment.filesToUpload).toBe(distinct);
    expect(first.deployment.filesUploaded).toBe(distinct);

    const austin = text(files, '/states/texas/travis-county/austin.html');
    expect(austin).toContain(
      `<link rel="canonical" href="${first.netlifyUrl}/states/texas/travis-county/austin">`,
    );
    const sitemap = text(files, '/sitemap.xml');
    expect(sitemap).toContain(`<loc>${first.netlifyUrl}/states/texas/travis-county/austin</loc>`);
    expect(sitemap).not.toContain('404');
    expect(text(files, '/robots.txt')).toContain(`Sitemap: ${first.netlifyUrl}/sitemap.xml`);

    // Nothing changed: nothing is uploaded.
    const again = await published(t, u.id, u.headers);
    expect(again.netlifyUrl).toBe(first.netlifyUrl);
    expect(again.deployment.filesToUpload).toBe(0);
    expect(uploadsTo(await netlifyDeployId(again.deployment.id))).toHaveLength(0);

    // One edited city page: that page and the sitemap (its lastmod) go up, nothing else.
    const [city] = await t.ctx.db.select().from(cities).where(eq(cities.projectId, u.id));
    await t.ctx.db
      .update(cities)
      // lastmod has whole seconds, and this test can run inside one second: move the edit on.
      .set({
        contentHtml: `${city!.contentHtml}<p>Now open Sundays.</p>`,
        updatedAt: new Date(city!.updatedAt.getTime() + 5_000),
      })
      .where(eq(cities.id, city!.id));
    const edited = await published(t, u.id, u.headers);
    const sent = uploadsTo(await netlifyDeployId(edited.deployment.id)).map((x) => x.path);
    expect(sent.sort()).toEqual(['/sitemap.xml', expect.stringMatching(/^\/states\/.+\.html$/)]);
    expect(text(netlify.publishedFiles(host), sent[1]!)).toContain('Now open Sundays.');
  });

  it('takes a refused second try of an upload as in when Netlify took the first (its answer lost)', async () => {
    // The client gives up on an answer after NETLIFY_TIMEOUT_SECONDS and sends the file again;
    // Netlify took the first try all the same, and the deploy's last file moved it on.
    // An app of its own: on this file's database, its deploy could go to this file's workers.
    const impatient = await createTestApp({
      NETLIFY_API_URL: netlify.url,
      NETLIFY_TIMEOUT_SECONDS: '1',
    });
    try {
      const u = await siteProject(impatient);
      const first = await published(impatient, u.id, u.headers);
      const { db } = impatient.ctx;
      const [city] = await db.select().from(cities).where(eq(cities.projectId, u.id));
      await db
        .update(cities)
        .set({
          contentHtml: `${city!.contentHtml}<p>Late answers welcome.</p>`,
          updatedAt: new Date(city!.updatedAt.getTime() + 5_000),
        })
        .where(eq(cities.id, city!.id));
      const isUpload = (r: { method: string; path: string }) =>
        r.method === 'PUT' && r.path.includes('/files/');
      netlify.answerLate({ times: 2, ms: 1_500, match: isUpload });
      const edited = await published(impatient, u.id, u.headers);
      expect(edited.deployment).toMatchObject({ state: 'ready', error: null });
      const id = (await impatient.ctx.repos.publishingRepo.findDeploy(edited.deployment.id))!
        .netlifyDeployId;
      // The first tries are logged (status 0) only once their held answers find the client
      // gone, which on a loaded machine can come before or after the deploy ends.
      const tries = netlify.requests.filter(
        (r) => isUpload(r) && r.path.startsWith(`/deploys/${id}/`) && r.status !== 0,
      );
      // Both first tries were taken (their answers still on the way), both second tries refused.
      expect(netlify.uploads.filter((x) => x.deployId === id)).toHaveLength(2);
      expect(tries.map((r) => r.status)).toEqual([422, 422]);
      const host = new URL(first.netlifyUrl).host;
      const page = [...netlify.publishedFiles(host).values()].map((b) => b.toString('utf8'));
      expect(page.some((html) => html.includes('Late answers welcome.'))).toBe(true);
    } finally {
      await impatient.close();
    }
  });

  it('waits out a 429 and retries a 503 in the middle of the uploads', async () => {
    const u = await siteProject(t);
    const isUpload = (r: { method: string; path: string }) =>
      r.method === 'PUT' && r.path.includes('/files/');
    netlify.rateLimit({ afterRequests: 3, times: 1, resetInSeconds: 1, match: isUpload });
    netlify.failNext({ status: 503, afterRequests: 6, times: 2, match: isUpload });
    const before = netlify.requests.length;
    const result = await published(t, u.id, u.headers);
    expect(result.deployment.state).toBe('ready');
    const statuses = netlify.requests.slice(before).map((r) => r.status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 503)).toHaveLength(2);
    expect(result.deployment.filesUploaded).toBe(result.deployment.filesToUpload);
    const files = netlify.publishedFiles(new URL(result.netlifyUrl).host);
    expect(files.size).toBe(result.deployment.filesTotal);
  });

  it('refuses without a token, and reports a token Netlify rejects, creating nothing', async () => {
    const none = await siteProject(t, { token: null });
    const sitesBefore = netlify.sites.size;
    const res = await publish(t, none.id, none.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.netlifyTokenMissing);
    expect(await deployOf(none.id, none.headers)).toBeNull();

    const bad = await siteProject(t, { token: 'revoked-token' });
    const rejected = await publish(t, bad.id, bad.headers);
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json().message).toMatch(
      new RegExp(`^${MSG.netlifyTokenRejected.replace(/\./g, '\\.')} Netlify said: .*401`),
    );
    expect(netlify.sites.size).toBe(sitesBefore);
    const project = (await get(`/api/projects/${bad.id}/`, bad.headers)).json().data as TProject;
    expect(project.netlifySiteUrl).toBeNull();
    expect(project.deployment?.state).toBe('error');
  });

  it('reports a deploy Netlify fails, and one deploy per project at a time', async () => {
    const u = await siteProject(t);
    netlify.failNextDeploy('Build script returned non-zero exit code');
    const failed = await publish(t, u.id, u.headers);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toContain('Build script returned non-zero exit code');
    expect((await deployOf(u.id, u.headers))?.state).toBe('error');

    netlify.setProcessingPolls(5);
    const slow = publish(t, u.id, u.headers);
    let running = await deployOf(u.id, u.headers);
    for (let i = 0; i < 100 && running?.state !== 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      running = await deployOf(u.id, u.headers);
    }
    const second = await publish(t, u.id, u.headers);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MSG.deployAlreadyRunning);
    expect((await slow).statusCode).toBe(200);
    netlify.setProcessingPolls(1);
  });

  it('closes a deploy whose worker died so the next publish can run', async () => {
    const u = await siteProject(t);
    await t.ctx.db.insert(deploys).values({
      projectId: u.id,
      state: 'uploading',
      heartbeatAt: new Date(Date.now() - 5 * 60_000),
    });
    const result = await published(t, u.id, u.headers);
    expect(result.deployment.state).toBe('ready');
    const rows = await t.ctx.db.select().from(deploys).where(eq(deploys.projectId, u.id));
    expect(rows.find((r) => r.errorKind === 'interrupted')?.error).toBe(MSG.deployInterrupted);
  });

  it('counts a running deploy as interrupted once its worker is silent for RECOVER_AFTER_SECONDS', async () => {
    const quick = await createTestApp({
      NETLIFY_API_URL: netlify.url,
      RECOVER_AFTER_SECONDS: '20',
    });
    try {
      const silentFor = async (app: TestApp, seconds: number) => {
        const u = await siteProject(app);
        await app.ctx.db.insert(deploys).values({
          projectId: u.id,
          state: 'uploading',
          heartbeatAt: new Date(Date.now() - seconds * 1000),
        });
        const res = await app.app.inject({
          url: `/api/projects/${u.id}/deployment/`,
          headers: u.headers,
        });
        return (res.json() as { data: TDeployment }).data;
      };
      // Past the setting: over, with the reason; short of it: still running.
      expect(await silentFor(quick, 25)).toMatchObject({
        state: 'error',
        error: MSG.deployInterrupted,
      });
      expect(await silentFor(quick, 10)).toMatchObject({ state: 'uploading', error: null });
      // The default waits a minute: the same 25 s of silence is a slow worker, not a dead one.
      expect(await silentFor(t, 25)).toMatchObject({ state: 'uploading', error: null });
    } finally {
      await quick.close();
    }
  });

  it('deletes the Netlify site by its URL; the next publish makes a new one', async () => {
    const u = await siteProject(t);
    const first = await published(t, u.id, u.headers);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${u.id}/delete-netlify-site/`,
      headers: u.headers,
      payload: { site_url: 'https://someone-else.netlify.app' },
    });
    expect(unknown.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${u.id}/delete-netlify-site/`,
      headers: u.headers,
      payload: { site_url: `${first.netlifyUrl}/` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.netlifySiteDeleted);
    expect(netlify.findSite(new URL(first.netlifyUrl).host)).toBeUndefined();
    const project = (await get(`/api/projects/${u.id}/`, u.headers)).json().data as TProject;
    expect(project.netlifySiteUrl).toBeNull();
    expect(project.hasSiteMap).toBe(false);
    expect(project.netlifySiteUrlHistory).toBe('');

    const next = await published(t, u.id, u.headers);
    expect(next.netlifyUrl).not.toBe(first.netlifyUrl);
    expect(next.netlify_site_url_history).toEqual([next.netlifyUrl]);
  });

  it("answers 404 for another user's project on every publishing route", async () => {
    const owner = await siteProject(t);
    const other = await signedInUser(t);
    expect((await publish(t, owner.id, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/projects/${owner.id}/deployment/`, other.headers)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/projects/${owner.id}/download-site/`, other.headers)).statusCode).toBe(
      404,
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${owner.id}/delete-netlify-site/`,
      headers: other.headers,
      payload: { site_url: 'https://x.netlify.app' },
    });
    expect(del.statusCode).toBe(404);
    expect((await post(`/api/projects/${owner.id}/verify-domain/`, other.headers)).statusCode).toBe(
      404,
    );
  });

  it('refuses to publish a project whose homepage is not written', async () => {
    const u = await siteProject(t);
    await t.ctx.db.update(pages).set({ status: 'Failed' }).where(eq(pages.projectId, u.id));
    const res = await publish(t, u.id, u.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.nothingToPublish);
  });
});
