import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { MSG, PROJECT_STATUS, maskSecret } from '@cityforge/shared';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { accountWorkspaceId, addMember, giveKeys, signedInUser } from './helpers/factories.ts';
import { allPages, settled } from './helpers/generation.ts';

let t: TestApp;
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi();
  t = await createTestApp({ OPENROUTER_BASE_URL: ai.openRouterUrl, OPENAI_BASE_URL: ai.url });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'PATCH' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload && { payload }) });
const keysUrl = (workspaceId: string) => `/api/workspaces/${workspaceId}/keys/`;

const OPENROUTER = 'sk-or-v1-agency-openrouter-0001';
const NETLIFY = 'nfp_agency_netlify_token_0002';
const OPENAI = 'sk-agency-openai-key-0003';

/** An agency on a paid plan, no keys yet, and one person of every other role in it. */
async function agency() {
  const owner = await signedInUser(t, { plan: 'pro', firstName: 'Ada', lastName: 'Agency' });
  const workspaceId = await accountWorkspaceId(t, owner.user.id);
  const people = {} as Record<
    'admin' | 'editor' | 'viewer' | 'client',
    Awaited<ReturnType<typeof signedInUser>>
  >;
  for (const role of ['admin', 'editor', 'viewer', 'client'] as const) {
    people[role] = await signedInUser(t);
    await addMember(t, workspaceId, people[role].user.id, role, { chosen: true });
  }
  return { owner, workspaceId, ...people };
}

/** The stored (sealed) key columns of a user, and what they open to. */
async function storedKeys(userId: string) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
  const open = (field: 'openRouterKeyEnc' | 'openAiKeyEnc' | 'netlifyTokenEnc') => {
    const sealed = row![field];
    return sealed ? t.ctx.cipher.decrypt(sealed, { userId, field }) : null;
  };
  return {
    sealed: [row!.openRouterKeyEnc, row!.openAiKeyEnc, row!.netlifyTokenEnc],
    openRouter: open('openRouterKeyEnc'),
    openAi: open('openAiKeyEnc'),
    netlify: open('netlifyTokenEnc'),
  };
}

describe("a workspace's keys are its account's", () => {
  it('an admin sets them; they are sealed on the account, read back masked, and generation uses them', async () => {
    const a = await agency();
    const set = await call('PATCH', keysUrl(a.workspaceId), a.admin.headers, {
      openRouterApiKey: OPENROUTER,
      netlifyAccessToken: NETLIFY,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      message: MSG.workspaceKeysSaved,
      data: {
        openRouterApiKey: maskSecret(OPENROUTER),
        openAiApiKey: null,
        netlifyAccessToken: maskSecret(NETLIFY),
      },
    });
    expect(set.body).not.toContain(OPENROUTER);
    expect(set.body).not.toContain(NETLIFY);

    // Stored on the paying account, sealed to it; the admin's own profile is untouched.
    const account = await storedKeys(a.owner.user.id);
    expect(account).toMatchObject({ openRouter: OPENROUTER, netlify: NETLIFY, openAi: null });
    expect(account.sealed.join(' ')).not.toContain(OPENROUTER);
    expect(account.sealed.join(' ')).not.toContain(NETLIFY);
    expect((await storedKeys(a.admin.user.id)).sealed).toEqual([null, null, null]);

    // The owner reads the same masks here and on their profile.
    const read = await call('GET', keysUrl(a.workspaceId), a.owner.headers);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual(set.json().data);
    const me = (await call('GET', '/auth/me/', a.owner.headers)).json();
    expect(me.userOpenRouterApiKey).toBe(maskSecret(OPENROUTER));
    expect(me.userNetlifyAccessToken).toBe(maskSecret(NETLIFY));

    // The editor, who holds no key, makes a project in the workspace: written with its key.
    const made = await call('POST', '/api/projects/create/', a.editor.headers, {
      name: 'Agency Plumbing',
      serviceType: 'Plumbing',
      model: 'anthropic/claude-3.7-sonnet',
      prompt: 'Family plumbers in Austin, TX.',
      createServicePages: false,
    });
    expect(made.statusCode, made.body).toBe(201);
    const detail = await settled(t, made.json().data.id, a.editor.headers);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    expect(ai.requests.length).toBe(allPages(detail).length);
    expect(ai.requests.every((r) => r.key === OPENROUTER)).toBe(true);
  });

  it('a masked value sent back keeps the key; an empty one removes it; a new one replaces it', async () => {
    const a = await agency();
    await giveKeys(t, a.owner.user.id, { openrouter: OPENROUTER, openai: OPENAI });
    const before = (await call('GET', keysUrl(a.workspaceId), a.owner.headers)).json().data;
    expect(before).toEqual({
      openRouterApiKey: maskSecret(OPENROUTER),
      openAiApiKey: maskSecret(OPENAI),
      netlifyAccessToken: null,
    });

    const res = await call('PATCH', keysUrl(a.workspaceId), a.owner.headers, {
      openRouterApiKey: before.openRouterApiKey,
      openAiApiKey: '',
      netlifyAccessToken: NETLIFY,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      openRouterApiKey: maskSecret(OPENROUTER),
      openAiApiKey: null,
      netlifyAccessToken: maskSecret(NETLIFY),
    });
    expect(await storedKeys(a.owner.user.id)).toMatchObject({
      openRouter: OPENROUTER,
      openAi: null,
      netlify: NETLIFY,
    });

    // Fields left out are left alone.
    const partial = await call('PATCH', keysUrl(a.workspaceId), a.admin.headers, {
      openAiApiKey: OPENAI,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(await storedKeys(a.owner.user.id)).toMatchObject({
      openRouter: OPENROUTER,
      openAi: OPENAI,
      netlify: NETLIFY,
    });
  });
});

describe("who may reach a workspace's keys", () => {
  it('editors and viewers are told their role is too small, clients are refused, outsiders find nothing', async () => {
    const a = await agency();
    await giveKeys(t, a.owner.user.id, { openrouter: OPENROUTER });
    const outsider = await signedInUser(t, { plan: 'pro' });
    const refusals: [Headers, number, string][] = [
      [a.editor.headers, 403, MSG.roleTooLow],
      [a.viewer.headers, 403, MSG.roleTooLow],
      [a.client.headers, 403, MSG.forbidden],
      [outsider.headers, 404, MSG.workspaceNotFound],
      [{}, 401, MSG.notAuthenticated],
    ];
    for (const [headers, status, message] of refusals) {
      const read = await call('GET', keysUrl(a.workspaceId), headers);
      const write = await call('PATCH', keysUrl(a.workspaceId), headers, {
        openRouterApiKey: 'sk-or-v1-stolen',
      });
      for (const res of [read, write]) {
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().message).toBe(message);
        expect(res.body).not.toContain(maskSecret(OPENROUTER)!);
      }
    }
    expect((await storedKeys(a.owner.user.id)).openRouter).toBe(OPENROUTER);
  });

  it('an admin whose request is bound to another workspace finds none here (404)', async () => {
    const a = await agency();
    const own = await accountWorkspaceId(t, a.admin.user.id);
    const res = await call('GET', keysUrl(a.workspaceId), {
      ...a.admin.headers,
      'x-workspace-id': own,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe(MSG.workspaceNotFound);
  });

  it('refuses a bad workspace id (400), a key too long, and an unknown field, changing nothing', async () => {
    const a = await agency();
    const bad = await call('GET', '/api/workspaces/not-an-id/keys/', a.owner.headers);
    expect(bad.statusCode, bad.body).toBe(400);
    const long = await call('PATCH', keysUrl(a.workspaceId), a.owner.headers, {
      openRouterApiKey: 'k'.repeat(513),
    });
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().errors.openRouterApiKey).toEqual(['Keys are at most 512 characters']);
    const unknown = await call('PATCH', keysUrl(a.workspaceId), a.owner.headers, {
      userOpenRouterApiKey: OPENROUTER,
    });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect((await storedKeys(a.owner.user.id)).sealed).toEqual([null, null, null]);
  });
});
