import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetlifyAPI } from '@netlify/api';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { zipOf } from './helpers/zip.ts';

// Everything goes through the real `@netlify/api` client, so these tests prove the contract
// between the client the product uses and the fake, not just the fake on its own.
let fake: FakeNetlify;
beforeAll(async () => {
  fake = await startFakeNetlify({ tokens: ['netlify-test-token', 'other-token'] });
});
afterAll(() => fake.close());

const client = (token = 'netlify-test-token') =>
  new NetlifyAPI(token, { scheme: 'http', host: fake.host, pathPrefix: fake.pathPrefix });

const sha1 = (body: Buffer) => createHash('sha1').update(body).digest('hex');

type HttpFailure = { status: number; json?: { code: number; message: string } };
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: HttpFailure) => error,
  );

const files = {
  '/index.html': Buffer.from('<h1>Home</h1>'),
  '/states/tx/index.html': Buffer.from('<h1>Texas</h1>'),
  '/copy/index.html': Buffer.from('<h1>Home</h1>'),
  '/a b/c.html': Buffer.from('<p>spaced</p>'),
};
const digest = Object.fromEntries(Object.entries(files).map(([p, b]) => [p, sha1(b)]));

// The product strips the leading slash and encodes each segment, as netlify-cli does.
const uploadPath = (path: string) => path.slice(1).split('/').map(encodeURIComponent).join('/');

async function uploadAll(api: NetlifyAPI, deployId: string, required: string[]) {
  const pending = new Set(required);
  for (const [path, body] of Object.entries(files)) {
    if (!pending.delete(sha1(body))) continue;
    await api.uploadDeployFile({
      deploy_id: deployId,
      path: uploadPath(path),
      body: body as never,
    });
  }
}

async function waitReady(api: NetlifyAPI, deployId: string) {
  for (let i = 0; i < 10; i++) {
    const deploy = await api.getDeploy({ deploy_id: deployId });
    if (deploy.state === 'ready' || deploy.state === 'error') return deploy;
  }
  throw new Error('deploy never settled');
}

describe('fake Netlify API', () => {
  it('creates a site, takes a digest deploy, uploads, processes and publishes', async () => {
    const api = client();
    const site = await api.createSite({ body: { name: 'acme-plumbing' } });
    expect(site).toMatchObject({
      name: 'acme-plumbing',
      url: 'http://acme-plumbing.netlify.app',
      ssl_url: 'https://acme-plumbing.netlify.app',
      default_domain: 'acme-plumbing.netlify.app',
      custom_domain: null,
      state: 'current',
      published_deploy: null,
    });
    expect(site).toHaveProperty('site_id', site.id);

    const deploy = await api.createSiteDeploy({ site_id: site.id!, body: { files: digest } });
    expect(deploy.state).toBe('uploading');
    // Two paths share one blob, so only three distinct sha1s are required.
    expect(new Set(deploy.required)).toEqual(new Set(Object.values(digest)));
    expect(deploy.required).toHaveLength(3);

    await uploadAll(api, deploy.id!, deploy.required!);
    expect(fake.uploads.map((u) => u.path)).toContain('/a b/c.html');
    expect(fake.deploys.get(deploy.id!)?.state).toBe('processing');
    // processingPolls = 1: one GET still answers processing, the next one ready.
    expect((await api.getDeploy({ deploy_id: deploy.id! })).state).toBe('processing');
    const ready = await api.getSiteDeploy({ site_id: site.id!, deploy_id: deploy.id! });
    expect(ready.state).toBe('ready');

    const published = fake.publishedFiles(site.id!);
    expect([...published.keys()].sort()).toEqual(Object.keys(files).sort());
    expect(published.get('/states/tx/index.html')?.toString()).toBe('<h1>Texas</h1>');
    const after = await api.getSite({ site_id: site.id! });
    expect(after.published_deploy?.id).toBe(deploy.id);

    const again = await api.createSiteDeploy({ site_id: site.id!, body: { files: digest } });
    expect(again.required).toEqual([]);
    expect(again.state).toBe('processing');
    expect((await waitReady(api, again.id!)).state).toBe('ready');
  });

  it('refuses a wrong checksum, an unknown path and a malformed digest with 422', async () => {
    const api = client();
    const site = await api.createSite({ body: {} });
    expect(site.name).toMatch(/^site-[0-9a-f]{6}$/);
    const deploy = await api.createSiteDeploy({ site_id: site.id!, body: { files: digest } });

    const wrong = await failure(
      api.uploadDeployFile({
        deploy_id: deploy.id!,
        path: 'index.html',
        body: Buffer.from('tampered') as never,
      }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.json).toEqual({ code: 422, message: 'checksum mismatch' });

    const unknown = await failure(
      api.uploadDeployFile({
        deploy_id: deploy.id!,
        path: 'nope.html',
        body: Buffer.from('x') as never,
      }),
    );
    expect(unknown.status).toBe(422);

    const bad = await failure(
      api.createSiteDeploy({ site_id: site.id!, body: { files: { 'no-slash.html': 'abc' } } }),
    );
    expect(bad.status).toBe(422);
  });

  it('answers 401 to an unknown token and 404 to a site of another token', async () => {
    const denied = await failure(client('wrong-token').createSite({ body: {} }));
    expect(denied.status).toBe(401);
    expect(denied.json).toEqual({ code: 401, message: 'Access Denied: invalid access token' });

    const site = await client().createSite({ body: {} });
    const foreign = await failure(client('other-token').getSite({ site_id: site.id! }));
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ code: 404, message: 'Not Found' });
  });

  it('rate-limits the third upload and the client recovers through X-RateLimit-Reset', async () => {
    const api = client();
    const site = await api.createSite({ body: {} });
    const deploy = await api.createSiteDeploy({ site_id: site.id!, body: { files: digest } });
    const isUpload = (r: { method: string; path: string }) =>
      r.method === 'PUT' && r.path.startsWith(`/deploys/${deploy.id}/files/`);
    fake.rateLimit({ afterRequests: 2, times: 1, resetInSeconds: 1, match: isUpload });

    const started = Date.now();
    await uploadAll(api, deploy.id!, deploy.required!);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const statuses = fake.requests.filter(isUpload).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 429, 200]);
    expect(fake.deploys.get(deploy.id!)?.state).toBe('processing');
  });

  it('answers scripted 5xx without the client retrying, then recovers', async () => {
    const api = client();
    fake.failNext({ status: 503, times: 1, match: (r) => r.method === 'POST' });
    const down = await failure(api.createSite({ body: {} }));
    expect(down.status).toBe(503);
    expect(down.json?.code).toBe(503);
    await expect(api.createSite({ body: {} })).resolves.toHaveProperty('id');
  });

  it('ends a scripted failing deploy in error without publishing it', async () => {
    const api = client();
    const site = await api.createSite({ body: {} });
    fake.failNextDeploy('Build script returned non-zero exit code');
    const deploy = await api.createSiteDeploy({ site_id: site.id!, body: { files: digest } });
    await uploadAll(api, deploy.id!, deploy.required!);
    const settled = await waitReady(api, deploy.id!);
    expect(settled.state).toBe('error');
    expect(settled.error_message).toBe('Build script returned non-zero exit code');
    expect(fake.publishedFiles(site.id!).size).toBe(0);
  });

  it('deletes a site with its deploys', async () => {
    const api = client();
    const site = await api.createSite({ body: {} });
    const deploy = await api.createSiteDeploy({ site_id: site.id!, body: { files: digest } });
    await api.deleteSite({ site_id: site.id! });
    expect((await failure(api.getSite({ site_id: site.id! }))).status).toBe(404);
    expect((await failure(api.getDeploy({ deploy_id: deploy.id! }))).status).toBe(404);
    expect(fake.deploys.has(deploy.id!)).toBe(false);
  });

  it('finds sites by host name and guards names and custom domains', async () => {
    const api = client();
    const site = await api.createSite({ body: { name: 'by-host' } });
    expect((await api.getSite({ site_id: 'by-host.netlify.app' })).id).toBe(site.id);

    const taken = await failure(api.createSite({ body: { name: 'by-host' } }));
    expect(taken.json).toEqual({ code: 422, message: 'name already exists' });
    expect((await failure(api.createSite({ body: { name: 'Bad Name' } }))).status).toBe(422);

    const patched = await api.updateSite({
      site_id: site.id!,
      body: { custom_domain: 'www.acme-plumbing.com', domain_aliases: ['acme-plumbing.com'] },
    });
    expect(patched).toMatchObject({
      custom_domain: 'www.acme-plumbing.com',
      domain_aliases: ['acme-plumbing.com'],
      url: 'http://www.acme-plumbing.com',
      ssl_url: 'https://www.acme-plumbing.com',
    });
    expect((await api.getSite({ site_id: 'www.acme-plumbing.com' })).id).toBe(site.id);

    const other = await api.createSite({ body: {} });
    const conflict = await failure(
      api.updateSite({ site_id: other.id!, body: { custom_domain: 'www.acme-plumbing.com' } }),
    );
    expect(conflict.status).toBe(422);
    expect(conflict.json?.message).toMatch(/^custom_domain .* is already in use$/);

    await api.updateSite({ site_id: site.id!, body: { custom_domain: '' } });
    const moved = await api.updateSite({
      site_id: other.id!,
      body: { custom_domain: 'www.acme-plumbing.com' },
    });
    expect(moved.custom_domain).toBe('www.acme-plumbing.com');
  });

  it("lists the token's own account and sites, filtered by name and paged", async () => {
    const fresh = await startFakeNetlify({ tokens: ['mine', 'theirs'] });
    try {
      const api = (token: string) =>
        new NetlifyAPI(token, { scheme: 'http', host: fresh.host, pathPrefix: fresh.pathPrefix });
      const [account, ...more] = await api('mine').listAccountsForUser();
      expect(more).toEqual([]);
      expect(account).toMatchObject({ id: expect.any(String), slug: expect.any(String) });
      const [theirs] = await api('theirs').listAccountsForUser();
      expect(theirs!.id).not.toBe(account!.id);

      for (const name of ['acme-north', 'acme-south', 'bolt-east'])
        await api('mine').createSite({ body: { name } });
      await api('theirs').createSite({ body: { name: 'acme-theirs' } });
      const site = await api('mine').getSite({ site_id: 'bolt-east.netlify.app' });
      expect(site).toMatchObject({ account_id: account!.id, account_slug: account!.slug });

      const names = (sites: Array<{ name?: string }>) => sites.map((x) => x.name).sort();
      const acme = await api('mine').listSites({ name: 'acme', filter: 'all' });
      expect(names(acme)).toEqual(['acme-north', 'acme-south']);
      expect(names(await api('theirs').listSites({ filter: 'owner' }))).toEqual(['acme-theirs']);
      expect(await api('mine').listSites({ filter: 'guest' })).toEqual([]);
      const page2 = await api('mine').listSites({ page: 2, per_page: 2 });
      expect(page2).toHaveLength(1);

      expect(
        await api('mine').getEnvVars({ account_id: account!.slug!, site_id: site.id }),
      ).toEqual([]);
      const foreign = await failure(api('mine').getEnvVars({ account_id: theirs!.id! }));
      expect(foreign.status).toBe(404);
    } finally {
      await fresh.close();
    }
  });

  it('takes a deploy created without files and given its digest by PUT, as netlify-cli does', async () => {
    const api = client();
    const site = await api.createSite({ body: {} });
    const created = await api.createSiteDeploy({ site_id: site.id!, body: { draft: false } });
    expect(created).toMatchObject({ state: 'new', required: [] });
    // netlify-cli names files without the leading slash; they are stored with it.
    const bare = Object.fromEntries(Object.entries(digest).map(([p, sha]) => [p.slice(1), sha]));
    const updated = await api.updateSiteDeploy({
      site_id: site.id!,
      deploy_id: created.id!,
      body: { files: bare, async: true },
    });
    expect(updated.state).toBe('uploading');
    expect(updated.required).toHaveLength(3);
    const again = await failure(
      api.updateSiteDeploy({ site_id: site.id!, deploy_id: created.id!, body: { files: bare } }),
    );
    expect(again.status).toBe(422);

    await uploadAll(api, created.id!, updated.required!);
    expect((await waitReady(api, created.id!)).state).toBe('ready');
    expect([...fake.publishedFiles(site.id!).keys()].sort()).toEqual(Object.keys(files).sort());

    const dropped = await api.createSiteDeploy({ site_id: site.id!, body: {} });
    const canceled = await api.cancelSiteDeploy({ deploy_id: dropped.id! });
    expect(canceled.state).toBe('error');
    expect(fake.findSite(site.id!)?.publishedDeployId).toBe(created.id);
  });

  it('takes a deploy as a ZIP body, publishes what it holds, and refuses one it cannot unpack', async () => {
    const api = client();
    const site = await api.createSite({ body: {} });
    const post = (body: Buffer) =>
      fetch(`${fake.url}/sites/${site.id}/deploys`, {
        method: 'POST',
        headers: { authorization: 'Bearer netlify-test-token', 'content-type': 'application/zip' },
        body: new Uint8Array(body),
      });
    const zip = zipOf(
      Object.entries(files).map(([path, content]) => ({ name: path.slice(1), content })),
    );
    const res = await post(zip);
    expect(res.status).toBe(200);
    const deploy = (await res.json()) as { id: string; state: string; required: string[] };
    expect(deploy).toMatchObject({ state: 'processing', required: [] });
    expect((await waitReady(api, deploy.id)).state).toBe('ready');
    const live = fake.publishedFiles(site.id!);
    expect([...live.keys()].sort()).toEqual(Object.keys(files).sort());
    expect(live.get('/a b/c.html')!.equals(files['/a b/c.html'])).toBe(true);
    expect(fake.uploads.filter((u) => u.deployId === deploy.id).map((u) => u.via)).toEqual(
      Array(4).fill('zip'),
    );

    const broken = await post(Buffer.from('PK not a zip at all'));
    expect(broken.status).toBe(422);
    expect(((await broken.json()) as { message: string }).message).toMatch(/^Invalid zip file/);
    expect(fake.findSite(site.id!)?.publishedDeployId).toBe(deploy.id);
  });

  it('answers 404 to unknown routes', async () => {
    const res = await fetch(`${fake.url}/nope`, {
      headers: { authorization: 'Bearer netlify-test-token' },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, message: 'Not Found' });
  });
});

describe("fake Netlify's rate limits", () => {
  it('counts each token’s calls and deploy creations per window, says so in headers, refuses past them with 429 and Retry-After', async () => {
    const limited = await startFakeNetlify({
      tokens: ['token-a', 'token-b'],
      rateLimits: { windowMs: 30_000, calls: 5, deploys: 2 },
    });
    try {
      // Raw HTTP: the official client would wait a 429 out by itself.
      const call = (token: string, path: string, method = 'GET', body?: unknown) =>
        fetch(`${limited.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const counts = (res: Response) =>
        ['x-ratelimit-limit', 'x-ratelimit-remaining'].map((h) => res.headers.get(h));

      const made = await call('token-a', '/sites', 'POST', {});
      expect(made.status).toBe(201);
      expect(counts(made)).toEqual(['5', '4']);
      const reset = Number(made.headers.get('x-ratelimit-reset'));
      expect(reset * 1000).toBeGreaterThan(Date.now());
      const { id } = (await made.json()) as { id: string };

      const deploy = () => call('token-a', `/sites/${id}/deploys`, 'POST', { files: {} });
      expect((await deploy()).status).toBe(200);
      expect((await deploy()).status).toBe(200);
      // The third deploy of the window: the deploy limit refuses it, and it counts for nothing.
      // The X-RateLimit-* headers are the calls' (two left); Retry-After is the deploys'.
      const third = await deploy();
      expect(third.status).toBe(429);
      expect(counts(third)).toEqual(['5', '2']);
      const wait = Number(third.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(30);

      const sites = await call('token-a', '/sites');
      expect(counts(sites)).toEqual(['5', '1']);
      expect((await call('token-a', '/sites')).status).toBe(200);
      const over = await call('token-a', '/sites');
      expect(over.status).toBe(429);
      expect(await over.json()).toEqual({ code: 429, message: 'Rate limit exceeded' });
      expect(counts(over)).toEqual(['5', '0']);
      expect(Number(over.headers.get('x-ratelimit-reset'))).toBe(reset);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

      // Another token has a count of its own; turned off, the limits and their headers go.
      expect(counts(await call('token-b', '/sites'))).toEqual(['5', '4']);
      limited.setRateLimits(null);
      const free = await call('token-a', '/sites');
      expect(free.status).toBe(200);
      expect(free.headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await limited.close();
    }
  });
});

describe("fake Netlify's published site", () => {
  it("serves pages by their pretty URL and follows the deploy's _redirects", async () => {
    const api = client();
    const site = await api.createSite({ body: { name: 'redirecting-plumbing' } });
    const served = {
      '/index.html': Buffer.from('<h1>Home</h1>'),
      '/states/tx.html': Buffer.from('<h1>Texas</h1>'),
      '/kept.html': Buffer.from('<p>kept</p>'),
      '/404.html': Buffer.from('<p>Not here</p>'),
      '/_redirects': Buffer.from(
        '# gone pages\n/states/tx/old /states/tx 301\n\n/kept /states/tx 301\n/forced   /   302!\n/forced.html\n',
      ),
    };
    const sum = Object.fromEntries(Object.entries(served).map(([p, b]) => [p, sha1(b)]));
    const deploy = await api.createSiteDeploy({ site_id: site.id!, body: { files: sum } });
    for (const [path, body] of Object.entries(served))
      if (deploy.required!.includes(sha1(body)))
        await api.uploadDeployFile({
          deploy_id: deploy.id!,
          path: uploadPath(path),
          body: body as never,
        });
    expect((await waitReady(api, deploy.id!)).state).toBe('ready');

    const host = `${site.name}.netlify.app`;
    expect(fake.visit(host, '/')).toMatchObject({ status: 200, file: '/index.html' });
    expect(fake.visit(host, '/states/tx')).toMatchObject({ status: 200, file: '/states/tx.html' });
    expect(fake.visit(host, '/states/tx/old')).toEqual({ status: 301, location: '/states/tx' });
    expect(fake.visit(host, '/states/tx/old/')).toEqual({ status: 301, location: '/states/tx' });
    // A page shadows a rule that is not forced; a forced one wins; a rule without a target is none.
    expect(fake.visit(host, '/kept')).toMatchObject({ status: 200, file: '/kept.html' });
    expect(fake.visit(host, '/forced')).toEqual({ status: 302, location: '/' });
    const missing = fake.visit(host, '/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.status === 404 && missing.body?.toString()).toBe('<p>Not here</p>');
  });
});
