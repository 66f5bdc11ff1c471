import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { MSG, PROJECT_STATUS, type TApiToken, type TCreatedApiToken } from '@cityforge/shared';
import { apiTokens, workspaceMembers } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { accountWorkspaceId, createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { http, type Headers } from './helpers/http.ts';
import { spreadsheet, uploaded } from './helpers/locations.ts';
import { giveNetlifyToken, published } from './helpers/publishing.ts';
import { startSheetHost, type SheetHost } from './helpers/sheet-host.ts';

let t: TestApp;
let netlify: FakeNetlify;
let sheets: SheetHost;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  sheets = await startSheetHost();
  t = await createTestApp({ NETLIFY_API_URL: netlify.url, FETCH_TRUSTED_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await netlify.close();
  await sheets.close();
});

const { get, post, del } = http(() => t);
const tokensOf = (ws: string) => `/api/workspaces/${ws}/api-tokens/`;
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

async function owner(plan: 'basic' | null = null) {
  const u = await signedInUser(t, { plan });
  return { ...u, ws: await accountWorkspaceId(t, u.user.id) };
}

async function newToken(ws: string, headers: Headers, name = 'CI') {
  const res = await post(tokensOf(ws), headers, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TCreatedApiToken>();
}

async function join(ws: string, userId: string, role: 'admin' | 'editor' | 'viewer' | 'client') {
  await t.ctx.db.insert(workspaceMembers).values({ workspaceId: ws, userId, role });
}

describe('personal API tokens', () => {
  it('answers the token once, lists it without it, stores only its SHA-256, and revokes it', async () => {
    const u = await owner();
    const created = await newToken(u.ws, u.headers, ' Nightly sync ');
    expect(created.name).toBe('Nightly sync');
    expect(created.token).toMatch(/^cfk_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const listed = await get(tokensOf(u.ws), u.headers);
    expect(listed.body).not.toContain(created.token);
    expect(listed.json<{ data: TApiToken[] }>().data).toEqual([
      { id: created.id, name: 'Nightly sync', createdAt: created.createdAt, lastUsedAt: null },
    ]);

    const me = await get('/api/projects/', bearer(created.token));
    expect(me.statusCode, me.body).toBe(200);
    const used = (await get(tokensOf(u.ws), u.headers)).json<{ data: TApiToken[] }>().data;
    expect(used[0]!.lastUsedAt).not.toBeNull();
    // Written at most once a minute: a second use within it leaves the time as it was.
    await get('/api/projects/', bearer(created.token));
    const [again] = await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(again!.lastUsedAt!.toISOString()).toBe(used[0]!.lastUsedAt);

    expect((await del(`${tokensOf(u.ws)}${created.id}/`, u.headers)).json()).toEqual({
      message: MSG.apiTokenRevoked,
    });
    const dead = await get('/api/projects/', bearer(created.token));
    expect(dead.statusCode).toBe(401);
    expect(dead.json().message).toBe(MSG.apiTokenInvalid);
    expect((await get(tokensOf(u.ws), u.headers)).json().data).toEqual([]);
    expect((await del(`${tokensOf(u.ws)}${created.id}/`, u.headers)).statusCode).toBe(404);
  });

  it("acts in its own workspace only, with its creator's current role; a removed member's dies", async () => {
    const boss = await owner();
    const theirs = await createProject(t, boss.user.id);
    const editor = await owner();
    const ownProject = await createProject(t, editor.user.id);
    await join(boss.ws, editor.user.id, 'editor');
    const pinned = { ...editor.headers, 'x-workspace-id': boss.ws };
    const token = (await newToken(boss.ws, pinned)).token;

    expect((await get(`/api/projects/${theirs.id}/`, bearer(token))).statusCode).toBe(200);
    // The editor's own workspace is out of the token's reach, even named in the header.
    expect((await get(`/api/projects/${ownProject.id}/`, bearer(token))).statusCode).toBe(404);
    const named = await get(`/api/projects/${ownProject.id}/`, {
      ...bearer(token),
      'x-workspace-id': editor.ws,
    });
    expect(named.statusCode).toBe(404);
    expect((await get(tokensOf(editor.ws), bearer(token))).statusCode).toBe(404);

    const rename = (headers: Headers) =>
      post(`/api/projects/${theirs.id}/settings/`, headers, { email: 'script@agency.test' });
    expect((await rename(bearer(token))).statusCode).toBe(200);
    const member = `/api/workspaces/${boss.ws}/members/${editor.user.id}/`;
    const demoted = await t.app.inject({
      method: 'PATCH',
      url: member,
      headers: boss.headers,
      payload: { role: 'viewer' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await rename(bearer(token))).statusCode).toBe(403);
    expect((await get(`/api/projects/${theirs.id}/`, bearer(token))).statusCode).toBe(200);

    expect((await del(member, boss.headers)).statusCode).toBe(200);
    const gone = await get(`/api/projects/${theirs.id}/`, bearer(token));
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe(MSG.apiTokenInvalid);
  });

  it('is made by members but clients, from a session only, and only its creator sees it', async () => {
    const boss = await owner();
    const viewer = await signedInUser(t);
    const client = await signedInUser(t);
    await join(boss.ws, viewer.user.id, 'viewer');
    await join(boss.ws, client.user.id, 'client');
    const inWs = (h: Headers) => ({ ...h, 'x-workspace-id': boss.ws });

    const viewers = await newToken(boss.ws, inWs(viewer.headers));
    const byClient = await post(tokensOf(boss.ws), inWs(client.headers), { name: 'x' });
    expect(byClient.statusCode).toBe(403);
    expect(byClient.json().message).toBe(MSG.apiTokenForbiddenForClients);

    const minted = await post(tokensOf(boss.ws), bearer(viewers.token), { name: 'more' });
    expect(minted.statusCode).toBe(403);
    expect(minted.json().message).toBe(MSG.apiTokenNeedsSession);
    // A viewer's token reads and changes nothing.
    const create = await post('/api/projects/create/', bearer(viewers.token), {
      name: 'Nope',
      serviceType: 'Plumbing',
      model: 'offline-draft',
    });
    expect(create.statusCode).toBe(403);

    expect((await get(tokensOf(boss.ws), boss.headers)).json().data).toEqual([]);
    const others = await del(`${tokensOf(boss.ws)}${viewers.id}/`, boss.headers);
    expect(others.statusCode).toBe(404);
    expect((await get(tokensOf(boss.ws), (await signedInUser(t)).headers)).statusCode).toBe(404);
    expect((await get(tokensOf('x'), boss.headers)).statusCode).toBe(400);
    expect((await del(`${tokensOf(boss.ws)}x/`, boss.headers)).statusCode).toBe(400);
    expect((await post(tokensOf(boss.ws), boss.headers, { name: ' ' })).statusCode).toBe(400);
    const superuserScreen = await get('/api/admin/users/', bearer(viewers.token));
    expect(superuserScreen.statusCode).toBe(403);
  });

  it('lets an agency script a site with a token alone: create, upload, link and sync a sheet, deploy', async () => {
    const agency = await owner('basic');
    await giveKeys(t, agency.user.id, { openrouter: `sk-or-${agency.user.id}` });
    await giveNetlifyToken(t, agency.user.id);
    const script = bearer((await newToken(agency.ws, agency.headers, 'Deploy script')).token);

    const made = await post('/api/projects/create/', script, {
      name: 'Scripted Plumbing',
      serviceType: 'Plumbing',
      model: 'offline-draft',
      prompt: 'Family plumbers since 1998.',
      contactPhoneNumber: '(512) 555-0199',
      email: 'hello@scripted.test',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ data: { id: string } }>().data.id;
    await settled(t, id, script);
    const rows = [
      ['City', 'State', 'ZIP'],
      ['Austin', 'TX', '78701'],
      ['Round Rock', 'TX', '78664'],
    ];
    await uploaded(t, id, script, [spreadsheet('csv', rows)]);
    await settled(t, id, script);

    sheets.serve('/agency.csv', spreadsheet('csv', [...rows, ['Georgetown', 'TX', '78626']]).data);
    const link = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${id}/sheet-link/`,
      headers: script,
      payload: { url: sheets.url('/agency.csv'), schedule: 'manual' },
    });
    expect(link.statusCode, link.body).toBe(200);
    const sync = await post(`/api/projects/${id}/sheet-link/sync/`, script);
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().status).toBe('applied');
    const detail = await settled(t, id, script);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    await t.drainQueue(QUEUES.scoreSimilarity, 180_000);

    const site = await published(t, id, script);
    expect(site.status).toBe(PROJECT_STATUS.published);
    const files = netlify.publishedFiles(new URL(site.netlifyUrl).host);
    expect([...files.keys()].filter((f) => f.endsWith('/georgetown.html'))).toHaveLength(1);
  }, 300_000);

  it('is described in the OpenAPI document, with the bearer scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.bearer.description).toContain('API token');
    const path = doc.paths['/api/workspaces/{id}/api-tokens/'];
    expect(Object.keys(path).sort()).toEqual(['get', 'post']);
    expect(path.post.security).toEqual([{ bearer: [] }]);
    expect(path.post.requestBody.content['application/json'].schema.properties.name).toBeDefined();
    expect(doc.paths['/api/workspaces/{id}/api-tokens/{tokenId}/'].delete).toBeDefined();
  });
});
