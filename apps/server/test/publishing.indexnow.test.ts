import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TDeployment, TProjectSettings } from '@cityforge/shared';
import { cities, projects } from '../src/db/schema/index.ts';
import type { MemoFiles } from '../src/modules/publishing/build-memo.ts';
import { siteChanges } from '../src/modules/publishing/index-now-changes.ts';
import { indexNowLine } from '../src/modules/publishing/index-now-deploy.ts';
import { batchesOf, submitIndexNow } from '../src/modules/publishing/index-now.ts';
import { startFakeIndexNow, type FakeIndexNow } from '@cityforge/fakes/indexnow';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { editorApi, saveBody, viewOf } from './helpers/editor.ts';
import { http } from './helpers/http.ts';
import { published, siteProject } from './helpers/publishing.ts';

let t: TestApp;
let netlify: FakeNetlify;
let indexNow: FakeIndexNow;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  // The fake checks each key the way a search engine does: it fetches the key file from the
  // site the host serves, here the fake Netlify's published deploy.
  indexNow = await startFakeIndexNow({
    keyFile: (location) => {
      const site = netlify.findSite(location.host);
      return site
        ? (netlify.publishedFiles(site.id).get(location.pathname)?.toString() ?? null)
        : null;
    },
  });
  t = await createTestApp({
    NETLIFY_API_URL: netlify.url,
    INDEXNOW_URL: indexNow.url,
    INDEXNOW_TIMEOUT_SECONDS: '1',
  });
});
afterAll(async () => {
  await t.close();
  await netlify.close();
  await indexNow.close();
});

const { get, post, del } = http(() => t);
let seq = 0;
const domainName = () => `indexnow-${++seq}-${Date.now().toString(36)}.test`;

/** A written site whose client domain is set and verified (DNS checks: domains tests). */
async function verifiedSite(opts: { indexNow?: boolean } = {}) {
  const u = await siteProject(t);
  const domain = domainName();
  const set = await post(`/api/projects/${u.id}/domain/`, u.headers, { clientDomain: domain });
  expect(set.statusCode, set.body).toBe(200);
  await t.ctx.repos.projectsRepo.update(u.id, { isDomainVerified: true });
  if (opts.indexNow === false) await setIndexNow(u, false);
  return { ...u, domain };
}

async function setIndexNow(u: { id: string; headers: Record<string, string> }, on: boolean) {
  const res = await post(`/api/projects/${u.id}/settings/`, u.headers, { indexNow: on });
  expect(res.statusCode, res.body).toBe(200);
  expect((res.json().data as TProjectSettings).indexNow).toBe(on);
}

/** The site's published HTML pages by address, as the fake Netlify serves them. */
function livePages(domain: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [file, body] of netlify.publishedFiles(domain)) {
    if (!file.endsWith('.html') || file === '/404.html') continue;
    const address = file === '/index.html' ? '/' : file.slice(0, -'.html'.length);
    pages.set(`https://${domain}${address}`, body.toString('utf8'));
  }
  return pages;
}

/** Which live pages differ between two snapshots, computed from the served files alone. */
function difference(before: Map<string, string>, after: Map<string, string>) {
  const urls = new Set([...before.keys(), ...after.keys()]);
  const changed = [...urls].filter((u) => before.has(u) && after.has(u));
  return {
    changed: changed.filter((u) => before.get(u) !== after.get(u)).sort(),
    added: [...urls].filter((u) => !before.has(u)).sort(),
    removed: [...urls].filter((u) => !after.has(u)).sort(),
  };
}

const submissionsTo = (host: string) => indexNow.submissions.filter((s) => s.host === host);
const urlsSentTo = (host: string, from = 0) =>
  submissionsTo(host)
    .slice(from)
    .filter((s) => s.status === 200 || s.status === 202)
    .flatMap((s) => s.urlList);

async function deploymentOf(u: { id: string; headers: Record<string, string> }) {
  const res = await get(`/api/projects/${u.id}/deployment/`, u.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TDeployment }).data;
}

async function keyOf(projectId: string) {
  const [row] = await t.ctx.db
    .select({ key: projects.indexNowKey })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row!.key;
}

async function cityRow(projectId: string, name: string) {
  const rows = await t.ctx.db.select().from(cities).where(eq(cities.projectId, projectId));
  return rows.find((c) => c.name === name)!;
}

/** Changes one city's page content in the database (the editor's route is used elsewhere). */
async function touchCity(projectId: string, name: string, words: string) {
  const city = await cityRow(projectId, name);
  await t.ctx.db
    .update(cities)
    .set({ contentHtml: `${city.contentHtml}<p>${words}</p>` })
    .where(eq(cities.id, city.id));
}

describe('IndexNow on deploys to a verified domain', () => {
  it('tells every page on the first deploy, then exactly what each redeploy changed', async () => {
    const u = await verifiedSite();
    const first = await published(t, u.id, u.headers);
    expect(first.deployment.state).toBe('ready');

    // The key is made once, the site carries it at /{key}.txt, and the fake read it there.
    const key = (await keyOf(u.id))!;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const files = netlify.publishedFiles(u.domain);
    expect(files.get(`/${key}.txt`)?.toString()).toBe(key);
    const [told, ...more] = submissionsTo(u.domain);
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      host: u.domain,
      key,
      keyLocation: `https://${u.domain}/${key}.txt`,
      contentType: 'application/json; charset=utf-8',
      status: 200,
    });

    // Every page once, each on the verified domain; not the 404 page, no other file.
    const pages = livePages(u.domain);
    expect(pages.size).toBeGreaterThan(10);
    expect([...told!.urlList].sort()).toEqual([...pages.keys()].sort());
    expect(told!.urlList).toContain(`https://${u.domain}/`);
    expect(told!.urlList).toContain(`https://${u.domain}/states/texas/travis-county/austin`);
    const line = `IndexNow: ${pages.size} URLs sent (${pages.size} added), accepted`;
    expect(first.deployment.indexNow).toBe(line);
    expect((await deploymentOf(u)).indexNow).toBe(line);

    // Nothing changed: nothing is sent, and the key stays the same.
    const same = await published(t, u.id, u.headers);
    expect(same.deployment.indexNow).toBe('IndexNow: nothing changed');
    expect(submissionsTo(u.domain)).toHaveLength(1);
    expect(await keyOf(u.id)).toBe(key);
    expect(netlify.publishedFiles(u.domain).get(`/${key}.txt`)?.toString()).toBe(key);

    // One city edited through the editor: the pages whose HTML changed, and only those.
    const austin = await cityRow(u.id, 'Austin');
    const view = await viewOf(t, u.id, u.headers, { city_id: austin.id });
    const saved = await editorApi(() => t).saveCity(
      u.id,
      austin.id,
      u.headers,
      saveBody(view, { content_html: `${view.page.content_html}<p>Now open on Sundays.</p>` }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const sentBefore = submissionsTo(u.domain).length;
    const edited = await published(t, u.id, u.headers);
    const afterEdit = livePages(u.domain);
    const editDiff = difference(pages, afterEdit);
    expect(editDiff.changed).toContain(`https://${u.domain}/states/texas/travis-county/austin`);
    expect(editDiff.added).toEqual([]);
    expect(editDiff.removed).toEqual([]);
    expect(urlsSentTo(u.domain, sentBefore).sort()).toEqual(editDiff.changed);
    const n = editDiff.changed.length;
    expect(edited.deployment.indexNow).toBe(
      `IndexNow: ${n} URL${n === 1 ? '' : 's'} sent (${n} changed), accepted`,
    );

    // A city deleted: its address is sent as removed, with the listings that named it.
    const pflugerville = await cityRow(u.id, 'Pflugerville');
    const gone = await del(`/api/projects/${u.id}/city/${pflugerville.id}/`, u.headers);
    expect(gone.statusCode, gone.body).toBe(200);
    const sentBeforeDelete = submissionsTo(u.domain).length;
    const deleted = await published(t, u.id, u.headers);
    const afterDelete = livePages(u.domain);
    const deleteDiff = difference(afterEdit, afterDelete);
    expect(deleteDiff.removed).toEqual([
      `https://${u.domain}/states/texas/travis-county/pflugerville`,
    ]);
    expect(urlsSentTo(u.domain, sentBeforeDelete).sort()).toEqual(
      [...deleteDiff.changed, ...deleteDiff.added, ...deleteDiff.removed].sort(),
    );
    const total = deleteDiff.changed.length + deleteDiff.removed.length;
    expect(deleted.deployment.indexNow).toBe(
      `IndexNow: ${total} URLs sent (${deleteDiff.changed.length} changed, 1 removed), accepted`,
    );
  });

  it('sends nothing and carries no key file when the setting is off; the key is kept', async () => {
    const u = await verifiedSite({ indexNow: false });
    const off = await published(t, u.id, u.headers);
    expect(off.deployment.state).toBe('ready');
    expect(off.deployment.indexNow).toBeNull();
    expect(submissionsTo(u.domain)).toEqual([]);
    expect(await keyOf(u.id)).toBeNull();
    const txt = (domain: string) =>
      [...netlify.publishedFiles(domain).keys()].filter((f) => f.endsWith('.txt'));
    expect(txt(u.domain)).toEqual(['/robots.txt']);

    // Turned on: the key file goes up; the pages did not change, so nothing is told.
    await setIndexNow(u, true);
    const on = await published(t, u.id, u.headers);
    const key = (await keyOf(u.id))!;
    expect(txt(u.domain).sort()).toEqual([`/${key}.txt`, '/robots.txt']);
    expect(on.deployment.indexNow).toBe('IndexNow: nothing changed');
    expect(submissionsTo(u.domain)).toEqual([]);

    // An edit is told; off again, the next edit is not, and the key file leaves the site.
    await touchCity(u.id, 'Boise', 'Open late.');
    const told = await published(t, u.id, u.headers);
    expect(told.deployment.indexNow).toBe('IndexNow: 1 URL sent (1 changed), accepted');
    expect(urlsSentTo(u.domain)).toEqual([`https://${u.domain}/states/idaho/ada-county/boise`]);
    await setIndexNow(u, false);
    await touchCity(u.id, 'Boise', 'Open later.');
    const quiet = await published(t, u.id, u.headers);
    expect(quiet.deployment.indexNow).toBeNull();
    expect(submissionsTo(u.domain)).toHaveLength(1);
    expect(txt(u.domain)).toEqual(['/robots.txt']);
    expect(await keyOf(u.id)).toBe(key);
  });

  it('sends nothing for a site without a verified domain', async () => {
    const bare = await siteProject(t);
    const result = await published(t, bare.id, bare.headers);
    expect(result.deployment.indexNow).toBeNull();

    const unverified = await siteProject(t);
    const domain = domainName();
    await post(`/api/projects/${unverified.id}/domain/`, unverified.headers, {
      clientDomain: domain,
    });
    const notYet = await published(t, unverified.id, unverified.headers);
    expect(notYet.deployment.indexNow).toBeNull();
    expect(await keyOf(unverified.id)).toBeNull();
    expect(submissionsTo(domain)).toEqual([]);
    const host = new URL(notYet.netlifyUrl).host;
    expect([...netlify.publishedFiles(host).keys()].filter((f) => f.endsWith('.txt'))).toEqual([
      '/robots.txt',
    ]);
  });

  it('keeps the deploy ready when IndexNow refuses, fails or does not answer, and says why', async () => {
    const u = await verifiedSite();
    indexNow.failNext({ status: 403 });
    const refused = await published(t, u.id, u.headers);
    expect(refused.deployment.state).toBe('ready');
    expect(refused.deployment.indexNow).toBe(
      'IndexNow: not sent — the endpoint answered 403 (key not valid)',
    );
    expect(submissionsTo(u.domain).map((s) => s.status)).toEqual([403]);

    await touchCity(u.id, 'Austin', 'Open on holidays.');
    indexNow.failNext({ status: 500 });
    const broken = await published(t, u.id, u.headers);
    expect(broken.deployment.state).toBe('ready');
    expect(broken.deployment.indexNow).toBe('IndexNow: not sent — the endpoint answered 500');

    await touchCity(u.id, 'Austin', 'Open at dawn.');
    indexNow.stallNext();
    const stalled = await published(t, u.id, u.headers);
    expect(stalled.deployment.state).toBe('ready');
    expect(stalled.deployment.indexNow).toBe(
      'IndexNow: not sent — the endpoint did not answer within 1 s',
    );
    expect((await deploymentOf(u)).indexNow).toBe(stalled.deployment.indexNow);

    // The endpoint back: the next change is told as usual.
    await touchCity(u.id, 'Austin', 'Open at dusk.');
    const back = await published(t, u.id, u.headers);
    expect(back.deployment.indexNow).toBe('IndexNow: 1 URL sent (1 changed), accepted');
  });
});

describe('IndexNow submissions', () => {
  const host = 'batches.test';
  const urls = Array.from({ length: 25_000 }, (_, i) => `https://${host}/page-${i}`);

  it('cuts URLs into batches of at most 10,000', () => {
    expect(batchesOf([]).length).toBe(0);
    expect(batchesOf(urls).map((b) => b.length)).toEqual([10_000, 10_000, 5_000]);
    expect(batchesOf(urls.slice(0, 10_000)).map((b) => b.length)).toEqual([10_000]);
    expect(batchesOf(urls.slice(0, 10_001)).map((b) => b.length)).toEqual([10_000, 1]);
    expect(batchesOf(urls).flat()).toEqual(urls);
  });

  it('sends 25,000 URLs in three requests the endpoint takes, and stops at a refusal', async () => {
    const endpoint = await startFakeIndexNow();
    try {
      // The fake holds the protocol's limit: one request of 10,001 URLs is refused.
      const tooMany = await fetch(`${endpoint.url}/indexnow`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ host, key: 'a'.repeat(32), urlList: urls.slice(0, 10_001) }),
      });
      expect(tooMany.status).toBe(400);

      const base = { endpoint: endpoint.url, host, key: 'k3y-of-the-site', timeoutMs: 5_000 };
      const all = await submitIndexNow({ ...base, urls });
      expect(all).toEqual({ sent: 25_000, outcome: { kind: 'accepted', pending: true } });
      expect(endpoint.submissions.map((s) => [s.status, s.urlList.length])).toEqual([
        [202, 10_000],
        [202, 10_000],
        [202, 5_000],
      ]);
      expect(endpoint.accepted()).toEqual(urls);

      endpoint.reset();
      endpoint.failNext({ status: 429, after: 1 });
      const limited = await submitIndexNow({ ...base, urls });
      expect(limited).toEqual({ sent: 10_000, outcome: { kind: 'refused', status: 429 } });
      expect(endpoint.submissions.map((s) => s.status)).toEqual([202, 429]);
      const changes = { changed: [], added: urls, removed: [] };
      expect(indexNowLine(changes, limited, 5_000)).toBe(
        'IndexNow: 10,000 of 25,000 URLs sent (25,000 added), then the endpoint answered 429 (too many requests)',
      );

      // URLs off the host are refused whole, as the protocol says.
      endpoint.reset();
      const stray = await submitIndexNow({ ...base, urls: ['https://elsewhere.test/'] });
      expect(stray.outcome).toEqual({ kind: 'refused', status: 422 });
    } finally {
      await endpoint.close();
    }
  });

  it('is refused 403 when the key file does not say the key, 422 for a key of the wrong form', async () => {
    const files = new Map([['/k3y-of-the-site.txt', 'k3y-of-the-site']]);
    const endpoint = await startFakeIndexNow({
      keyFile: (location) =>
        location.host === host ? (files.get(location.pathname) ?? null) : null,
    });
    try {
      const base = { endpoint: endpoint.url, host, urls: urls.slice(0, 2), timeoutMs: 5_000 };
      expect(await submitIndexNow({ ...base, key: 'k3y-of-the-site' })).toEqual({
        sent: 2,
        outcome: { kind: 'accepted', pending: false },
      });
      expect((await submitIndexNow({ ...base, key: 'another-key-0001' })).outcome).toEqual({
        kind: 'refused',
        status: 403,
      });
      files.set('/k3y-of-the-site.txt', 'not-the-key');
      expect((await submitIndexNow({ ...base, key: 'k3y-of-the-site' })).outcome).toEqual({
        kind: 'refused',
        status: 403,
      });
      expect((await submitIndexNow({ ...base, key: 'short' })).outcome).toEqual({
        kind: 'refused',
        status: 422,
      });
      expect(endpoint.submissions.map((s) => s.status)).toEqual([200, 403, 403, 422]);
    } finally {
      await endpoint.close();
    }
  });

  it('names a closed endpoint as unreachable', async () => {
    const closed = await submitIndexNow({
      endpoint: 'http://127.0.0.1:9',
      host,
      key: 'k3y-of-the-site',
      urls: urls.slice(0, 3),
      timeoutMs: 5_000,
    });
    expect(closed).toEqual({ sent: 0, outcome: { kind: 'unreachable' } });
    const changes = { changed: [], added: urls.slice(0, 3), removed: [] };
    expect(indexNowLine(changes, closed, 5_000)).toBe(
      'IndexNow: not sent — the endpoint could not be reached',
    );
  });
});

describe('what a deploy changed', () => {
  const memo = (entries: Record<string, string>): MemoFiles =>
    Object.fromEntries(Object.entries(entries).map(([file, sha]) => [file, ['in', sha]]));

  it('compares pages by file and SHA1, ignoring other files and the 404 page', () => {
    const before = memo({
      '/index.html': 'a',
      '/about-us.html': 'b',
      '/states/texas/travis-county/austin.html': 'c',
      '/images/logo.png': 'd',
    });
    const after = memo({
      '/index.html': 'a',
      '/about-us.html': 'B',
      '/states/idaho.html': 'e',
      '/images/logo.png': 'D',
      '/404.html': 'f',
    });
    expect(siteChanges(before, after)).toEqual({
      changed: ['/about-us'],
      added: ['/states/idaho'],
      removed: ['/states/texas/travis-county/austin'],
    });
    expect(siteChanges(undefined, after)).toEqual({
      changed: [],
      added: ['/', '/about-us', '/states/idaho'],
      removed: [],
    });
  });
});
