import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, WORKSPACE_HEADER, workspacesApi, type TWorkspace } from '@cityforge/shared';
import { createApiClient } from '../src/lib/api-client';
import { createTokenStore, type TokenStore } from '../src/lib/token-store';
import { createWorkspaceChoice, WORKSPACE_KEY } from '../src/lib/workspace-choice';
import { memoryStorage } from './helpers';

/** An access token the way the server signs one (the client reads its subject, not the seal). */
function accessFor(sub: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub, fam: 'f1', exp: 4_000_000_000 })}.seal`;
}

const workspace = (id: string, current = false): TWorkspace => ({
  id,
  name: `Workspace ${id}`,
  role: 'editor',
  current,
  own: false,
  subscribed: true,
  aiKeys: { openAi: false, openRouter: true },
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status });
}
const workspaceOf = (init: RequestInit) =>
  (init.headers as Record<string, string>)[WORKSPACE_HEADER];

let tokens: TokenStore;
let calls: { url: string; init: RequestInit }[];
let lost: TWorkspace[];

/** A tab: its own sessionStorage (the choice), the session's tokens, a fake server. */
function tab(handler: (url: string, init: RequestInit) => Response, storage = memoryStorage()) {
  const choice = createWorkspaceChoice(storage, tokens);
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return handler(String(input), init ?? {});
  });
  const api = createApiClient({
    fetch,
    tokens,
    onSessionEnd: () => {},
    workspace: choice,
    onWorkspaceLost: (now) => lost.push(now),
  });
  return { api, choice, storage };
}

beforeEach(() => {
  tokens = createTokenStore(memoryStorage(), memoryStorage());
  tokens.set({ access: accessFor('ann'), refresh: 'r1' }, true);
  calls = [];
  lost = [];
});

describe("the tab's workspace", () => {
  it('is sent with every signed-in request once chosen, never with a call made without a session', async () => {
    const { api, choice } = tab(() => json(200, {}));
    await api.get('/api/projects/');
    choice.set('ws-agency');
    await api.get('/api/projects/');
    await api.post('/api/projects/create/', {});
    await api.download('/api/projects/sample-file/');
    await api.post('/auth/login/', {}, { auth: false });
    expect(calls.map((c) => workspaceOf(c.init))).toEqual([
      undefined,
      'ws-agency',
      'ws-agency',
      'ws-agency',
      undefined,
    ]);
  });

  it('a call may name another workspace, or none', async () => {
    const { api, choice } = tab(() => json(200, { data: workspace('ws-b') }));
    choice.set('ws-a');
    await api.call(workspacesApi.choose, { body: { workspaceId: 'ws-b' }, workspace: 'ws-b' });
    await api.call(workspacesApi.list, { workspace: null });
    expect(calls.map((c) => workspaceOf(c.init))).toEqual(['ws-b', undefined]);
  });

  it('two tabs keep their own choice over one session', async () => {
    const one = tab(() => json(200, {}));
    const two = tab(() => json(200, {}));
    one.choice.set('ws-own');
    two.choice.set('ws-agency');
    await one.api.get('/api/projects/');
    await two.api.get('/api/projects/');
    await one.api.get('/api/projects/');
    expect(calls.map((c) => workspaceOf(c.init))).toEqual(['ws-own', 'ws-agency', 'ws-own']);
  });

  it('is the person’s: someone else signing in in the tab starts from their own', async () => {
    const { api, choice, storage } = tab(() => json(200, {}));
    choice.set('ws-ann');
    expect(JSON.parse(storage.getItem(WORKSPACE_KEY)!)).toEqual({
      person: 'ann',
      workspaceId: 'ws-ann',
    });
    tokens.set({ access: accessFor('bob'), refresh: 'r2' }, true);
    expect(choice.get()).toBeNull();
    await api.get('/api/projects/');
    expect(workspaceOf(calls[0]!.init)).toBeUndefined();
    tokens.set({ access: accessFor('ann'), refresh: 'r3' }, true);
    expect(choice.get()).toBe('ws-ann');
  });
});

describe('a workspace the person was removed from', () => {
  /** The server after the removal: the header's workspace is not theirs; their own is current. */
  const removed = (url: string, init: RequestInit) => {
    if (workspaceOf(init) === 'ws-agency') return json(404, { message: MSG.workspaceNotFound });
    if (url === workspacesApi.list.path)
      return json(200, { data: [workspace('ws-own', true), workspace('ws-other')] });
    return json(200, { results: [] });
  };

  it('moves the tab to their current workspace, says so once, and asks the reads again there', async () => {
    const { api, choice } = tab(removed);
    choice.set('ws-agency');
    const answers = await Promise.all([
      api.get('/api/projects/'),
      api.get('/auth/me/'),
      api.download('/api/projects/sample-file/'),
    ]);
    expect(answers[0]).toEqual({ results: [] });
    expect(answers[1]).toEqual({ results: [] });
    expect(await answers[2].blob.text()).toBe('{"results":[]}');
    expect(choice.get()).toBe('ws-own');
    expect(lost).toEqual([workspace('ws-own', true)]);
    // The check asked without naming a workspace, once; each read went again in the new one.
    const checks = calls.filter((c) => c.url === workspacesApi.list.path && !workspaceOf(c.init));
    expect(checks).toHaveLength(1);
    const reads = calls.filter((c) => c.url !== workspacesApi.list.path);
    expect(reads.map((c) => workspaceOf(c.init)).sort()).toEqual([
      'ws-agency',
      'ws-agency',
      'ws-agency',
      'ws-own',
      'ws-own',
      'ws-own',
    ]);
  });

  it('never replays a change in another workspace: it fails as refused', async () => {
    const { api, choice } = tab(removed);
    choice.set('ws-agency');
    await expect(api.post('/api/projects/create/', { name: 'X' })).rejects.toMatchObject({
      status: 404,
      message: MSG.workspaceNotFound,
    });
    expect(choice.get()).toBe('ws-own');
    expect(lost).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/api/projects/create/')).toHaveLength(1);
  });

  it('changes nothing when the refusal was about another workspace the person still has', async () => {
    const { api, choice } = tab((url) =>
      url.startsWith('/api/workspaces/ws-gone/')
        ? json(404, { message: MSG.workspaceNotFound })
        : url === workspacesApi.list.path
          ? json(200, { data: [workspace('ws-own', true), workspace('ws-agency')] })
          : json(200, {}),
    );
    choice.set('ws-agency');
    await expect(api.get('/api/workspaces/ws-gone/members/')).rejects.toMatchObject({
      status: 404,
    });
    expect(choice.get()).toBe('ws-agency');
    expect(lost).toEqual([]);
  });

  it('changes nothing for a 404 of anything else, or when the check itself fails', async () => {
    const { api, choice } = tab((url) =>
      url === workspacesApi.list.path
        ? json(500, {})
        : json(404, { message: MSG.workspaceNotFound }),
    );
    choice.set('ws-agency');
    await expect(api.get('/api/projects/p1/')).rejects.toMatchObject({ status: 404 });
    expect(choice.get()).toBe('ws-agency');
    expect(lost).toEqual([]);

    const other = tab(() => json(404, { message: MSG.notFound }));
    other.choice.set('ws-agency');
    await expect(other.api.get('/api/projects/p1/')).rejects.toMatchObject({ status: 404 });
    expect(calls.filter((c) => c.url === workspacesApi.list.path)).toHaveLength(1);
  });
});
