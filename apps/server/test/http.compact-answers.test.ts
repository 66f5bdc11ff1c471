import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { siteProject } from './helpers/publishing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });

describe('answers that cost less on the wire', () => {
  it('a project detail is compressed for clients that ask, tagged, and revalidated with 304 until it changes', async () => {
    const u = await siteProject(t, { token: null });
    const url = `/api/projects/${u.id}/detail/`;
    const plain = await get(url, u.headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const tag = String(plain.headers.etag);
    expect(tag).toMatch(/^W\/"/);

    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const packed = await get(url, { ...u.headers, 'accept-encoding': encoding });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
      expect(packed.headers.etag).toBe(tag);
    }

    const same = await get(url, { ...u.headers, 'if-none-match': tag });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);

    const renamed = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${u.id}/settings/`,
      headers: u.headers,
      payload: { email: 'office@lonestar.test' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const changed = await get(url, { ...u.headers, 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(JSON.stringify(changed.json())).toContain('office@lonestar.test');
  });

  it("another user revalidating with the owner's tag still gets 404, not 304", async () => {
    const owner = await siteProject(t, { token: null });
    const url = `/api/projects/${owner.id}/detail/`;
    const tag = String((await get(url, owner.headers)).headers.etag);
    const stranger = await siteProject(t, { token: null });
    const res = await get(url, { ...stranger.headers, 'if-none-match': tag });
    expect(res.statusCode).toBe(404);
  });

  it('leaves a ZIP and the event stream as they are', async () => {
    const u = await siteProject(t, { token: null });
    const zip = await get(`/api/projects/${u.id}/download-site/`, {
      ...u.headers,
      'accept-encoding': 'br, gzip',
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-encoding']).toBeUndefined();
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // The event stream writes on the socket itself: read its head over real HTTP.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/projects/${u.id}/events/`, {
      headers: { ...u.headers, 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    controller.abort();
  });
});
