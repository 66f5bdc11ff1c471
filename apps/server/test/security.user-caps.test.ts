import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwt } from '../src/modules/auth/jwt.ts';
import { resolveAppSecret } from '../src/lib/secret.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { multipartForm, upload, type UploadFile } from './helpers/locations.ts';
import { siteProject } from './helpers/publishing.ts';

const logLines: string[] = [];
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logLines });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

type Stream = {
  status: number;
  /** Resolves with everything the server sent, once it ends the stream. */
  ended: Promise<string>;
  close(): void;
};

/** Opens a project's event stream; resolves once connected (or refused). */
function openStream(projectId: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `http://127.0.0.1:${port}/api/projects/${projectId}/events/`,
      { headers },
      (res) => {
        let text = '';
        const ended = new Promise<string>((done) => res.on('end', () => done(text)));
        const stream = { status: res.statusCode ?? 0, ended, close: () => req.destroy() };
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes(': connected')) resolve(stream);
        });
        if (stream.status !== 200) res.on('end', () => resolve(stream));
      },
    );
    req.on('error', reject);
  });
}

const KYLE: UploadFile = { name: 'areas.csv', data: Buffer.from('City,State\nKyle,TX\n') };

/**
 * An upload sent up to the middle of its file: the server has taken the request (and its
 * slot) and waits for the rest, which `finish` sends.
 */
async function heldUpload(projectId: string, headers: Record<string, string>) {
  const form = await multipartForm({ model: 'offline-draft' }, [KYLE]);
  const cut = form.payload.indexOf('Kyle');
  const req = http.request(`http://127.0.0.1:${port}/api/project/${projectId}/upload/`, {
    method: 'POST',
    headers: { ...headers, ...form.headers, 'content-length': form.payload.length },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.write(form.payload.subarray(0, cut));
  return {
    finish() {
      req.end(form.payload.subarray(cut));
      return answer;
    },
  };
}

describe('per-user caps', () => {
  it('refuses a seventh live event stream of one user, and frees the slot when one closes', async () => {
    const u = await signedInUser(t, { plan: 'basic' });
    const project = await createProject(t, u.user.id);
    const open = [];
    for (let i = 0; i < 6; i++) open.push(await openStream(project.id, u.headers));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await openStream(project.id, u.headers)).status).toBe(429);
    // Another user is not held to this user's streams.
    const other = await signedInUser(t, { plan: 'basic' });
    const theirs = await openStream((await createProject(t, other.user.id)).id, other.headers);
    expect(theirs.status).toBe(200);

    open.pop()!.close();
    theirs.close();
    let again = await openStream(project.id, u.headers);
    // The server learns of the closed socket on its own schedule: try until the slot is free.
    while (again.status === 429) again = await openStream(project.id, u.headers);
    expect(again.status).toBe(200);
    for (const s of [...open, again]) s.close();
  });

  it('refuses a third upload while two of the same user are being received', async () => {
    const u = await signedInUser(t, { plan: 'basic' });
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => createProject(t, u.user.id)));
    const receiving = () => logLines.filter((l) => l.includes('upload receiving files')).length;
    // Two uploads whose files are still on their way: each holds its slot until its body ends.
    const held = [];
    for (const project of [a!, b!]) {
      const before = receiving();
      held.push(await heldUpload(project.id, u.headers));
      while (receiving() === before) await new Promise((r) => setImmediate(r));
    }
    const third = await upload(t, c!.id, u.headers, [KYLE]);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('At most 2 uploads can run at once; wait for one to finish.');

    const answers = await Promise.all(held.map((h) => h.finish()));
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    // Both slots came back with their answers.
    expect((await upload(t, c!.id, u.headers, [KYLE])).statusCode).toBe(201);
  });
  it('gives a download slot back when its ZIP has been sent', async () => {
    const u = await siteProject(t, { token: null });
    // More downloads one after another than the cap allows at once: each frees its slot.
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${u.id}/download-site/`,
        headers: u.headers,
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('event streams end with their session', () => {
  it('closes the stream when the user signs out', async () => {
    const u = await signedInUser(t, { plan: 'basic' });
    const project = await createProject(t, u.user.id);
    const stream = await openStream(project.id, u.headers);
    expect(stream.status).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      payload: { refresh: u.refresh },
    });
    expect(out.statusCode).toBe(200);
    expect(await stream.ended).toContain('event: session-ended');
  });

  it('closes the stream when its access token expires', async () => {
    const u = await signedInUser(t, { plan: 'basic' });
    const project = await createProject(t, u.user.id);
    // The same session, with a token that lives three seconds: JWT times are whole seconds,
    // so a one-second token can be expired before a loaded machine's request arrives.
    const claims = JSON.parse(Buffer.from(u.access.split('.')[1]!, 'base64url').toString());
    const secret = resolveAppSecret(t.config.APP_SECRET, t.config.dataDir);
    const brief = await createJwt(secret, 3).sign({ sub: claims.sub, fam: claims.fam });
    const stream = await openStream(project.id, { authorization: `Bearer ${brief}` });
    expect(stream.status).toBe(200);
    expect(await stream.ended).toContain('event: session-ended');
  });
});
