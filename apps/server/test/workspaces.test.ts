import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, type TWorkspace } from '@cityforge/shared';
import {
  projectClients,
  projects,
  users,
  workspaceMembers,
  workspaces,
} from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  accountWorkspaceId,
  addMember,
  addPage,
  createProject,
  giveKeys,
  signedInUser,
  uniqueEmail,
} from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload && { payload }) });
const pinned = (headers: Headers, workspaceId: string) => ({
  ...headers,
  'x-workspace-id': workspaceId,
});

/** An agency (owner with keys and a written project) and people of every role in it. */
async function agency() {
  const owner = await signedInUser(t, { plan: 'pro', firstName: 'Ada', lastName: 'Agency' });
  await giveKeys(t, owner.user.id, { openrouter: 'sk-or-agency' });
  const workspaceId = await accountWorkspaceId(t, owner.user.id);
  const project = await createProject(t, owner.user.id, { name: 'Acme Plumbing' });
  await addPage(t, project.id, {
    kind: 'homepage',
    name: 'Homepage',
    slug: 'homepage',
    contentHtml: '<h1>Acme Plumbing</h1>',
  });
  const other = await createProject(t, owner.user.id, { name: 'Bolt Roofing' });
  const people = {} as Record<
    'admin' | 'editor' | 'viewer' | 'client',
    Awaited<ReturnType<typeof signedInUser>>
  >;
  for (const role of ['admin', 'editor', 'viewer', 'client'] as const) {
    people[role] = await signedInUser(t);
    await addMember(t, workspaceId, people[role].user.id, role, { chosen: true });
  }
  return { owner, workspaceId, project, other, ...people };
}

describe('every account has a workspace', () => {
  it('sign-up makes the account its workspace, owned by it and current', async () => {
    const email = uniqueEmail('signup');
    const res = await call('POST', '/auth/signup/', {}, { email, password: 'long-enough-1' });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.ctx.db
      .select({
        role: workspaceMembers.role,
        name: workspaces.name,
        accountId: workspaces.accountId,
      })
      .from(workspaces)
      .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
      .innerJoin(users, eq(users.id, workspaces.accountId))
      .where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'owner', name: email });
  });

  it('lists a solo user’s one workspace, theirs, current, with their role', async () => {
    const u = await signedInUser(t, { firstName: 'Solo', lastName: 'Person' });
    const res = await call('GET', '/api/workspaces/', u.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: await accountWorkspaceId(t, u.user.id),
        name: 'Solo Person',
        role: 'owner',
        current: true,
        own: true,
        // No plan and no keys yet: the web sends such a person to the plans screen.
        subscribed: false,
        aiKeys: { openAi: false, openRouter: false },
      },
    ]);
  });

  it("members work under the account's plan and keys; a client is told of no keys", async () => {
    const a = await agency();
    const planless = await signedInUser(t, { plan: null });
    await addMember(t, a.workspaceId, planless.user.id, 'editor', { chosen: true });
    const seen = async (headers: Headers) =>
      ((await call('GET', '/api/workspaces/', headers)).json().data as TWorkspace[]).find(
        (w) => w.id === a.workspaceId,
      );
    for (const who of [a.editor, a.viewer, planless])
      expect(await seen(who.headers)).toMatchObject({
        own: false,
        subscribed: true,
        aiKeys: { openAi: false, openRouter: true },
      });
    expect(await seen(a.client.headers)).toMatchObject({
      role: 'client',
      subscribed: true,
      aiKeys: { openAi: false, openRouter: false },
    });
  });

  it('a project made through the API is the workspace’s, its account’s, made by the caller', async () => {
    const a = await agency();
    const res = await call('POST', '/api/projects/create/', a.editor.headers, {
      name: 'Made By Editor',
      serviceType: 'Roofing',
      model: 'openai/gpt-4o',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.ctx.db.select().from(projects).where(eq(projects.id, res.json().data.id));
    expect(row).toMatchObject({
      workspaceId: a.workspaceId,
      userId: a.owner.user.id,
      createdBy: a.editor.user.id,
    });
  });

  it('a viewer may not create a project (403, said why); a client is refused (403)', async () => {
    const a = await agency();
    const body = { name: 'Nope', serviceType: 'Roofing', model: 'offline-draft' };
    const viewer = await call('POST', '/api/projects/create/', a.viewer.headers, body);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().message).toBe(MSG.roleTooLow);
    const client = await call('POST', '/api/projects/create/', a.client.headers, body);
    expect(client.statusCode).toBe(403);
    expect(client.json().message).toBe(MSG.forbidden);
    const rows = await t.ctx.db
      .select()
      .from(projects)
      .where(eq(projects.workspaceId, a.workspaceId));
    expect(rows.map((r) => r.name).sort()).toEqual(['Acme Plumbing', 'Bolt Roofing']);
  });
});

describe('switching workspaces', () => {
  it('the header chooses a request’s workspace; PUT current/ the one used without it', async () => {
    const a = await agency();
    const me = await signedInUser(t);
    const mine = await accountWorkspaceId(t, me.user.id);
    const own = await createProject(t, me.user.id, { name: 'My Own' });
    await addMember(t, a.workspaceId, me.user.id, 'viewer');
    const names = async (headers: Headers) =>
      ((await call('GET', '/api/projects/', headers)).json().results as { name: string }[])
        .map((r) => r.name)
        .sort();

    const list = (await call('GET', '/api/workspaces/', me.headers)).json().data;
    expect(
      list.map((w: { id: string; current: boolean; role: string }) => [w.id, w.current, w.role]),
    ).toEqual(
      expect.arrayContaining([
        [mine, true, 'owner'],
        [a.workspaceId, false, 'viewer'],
      ]),
    );
    expect(await names(me.headers)).toEqual(['My Own']);
    expect(await names(pinned(me.headers, a.workspaceId))).toEqual([
      'Acme Plumbing',
      'Bolt Roofing',
    ]);

    const chose = await call('PUT', '/api/workspaces/current/', me.headers, {
      workspaceId: a.workspaceId,
    });
    expect(chose.statusCode, chose.body).toBe(200);
    expect(chose.json()).toMatchObject({
      message: MSG.workspaceSwitched,
      data: { id: a.workspaceId, current: true, role: 'viewer', own: false },
    });
    expect(await names(me.headers)).toEqual(['Acme Plumbing', 'Bolt Roofing']);
    const after = (await call('GET', '/api/workspaces/', me.headers)).json().data;
    expect(after.find((w: { id: string }) => w.id === a.workspaceId).current).toBe(true);

    // A request bound to one workspace finds no project of another, even one of the caller's.
    const elsewhere = await call(
      'GET',
      `/api/projects/${own.id}/`,
      pinned(me.headers, a.workspaceId),
    );
    expect(elsewhere.statusCode).toBe(404);
    expect((await call('GET', `/api/projects/${own.id}/`, me.headers)).statusCode).toBe(200);
  });

  it('a malformed header is 400; a workspace the user is not in is 404, by header or by PUT', async () => {
    const a = await agency();
    const stranger = await signedInUser(t);
    const bad = await call('GET', '/api/projects/', pinned(stranger.headers, 'nope'));
    expect(bad.statusCode).toBe(400);
    const foreign = await call('GET', '/api/projects/', pinned(stranger.headers, a.workspaceId));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MSG.workspaceNotFound);
    const put = await call('PUT', '/api/workspaces/current/', stranger.headers, {
      workspaceId: a.workspaceId,
    });
    expect(put.statusCode).toBe(404);
    const badPut = await call('PUT', '/api/workspaces/current/', stranger.headers, {
      workspaceId: 'x',
    });
    expect(badPut.statusCode).toBe(400);
  });
});

describe('roles on a project', () => {
  it('a viewer reads but may not change (403 saying so); an editor changes; deleting is an admin’s', async () => {
    const a = await agency();
    const url = `/api/projects/${a.project.id}`;
    expect((await call('GET', `${url}/detail/lean/`, a.viewer.headers)).statusCode).toBe(200);
    const refused = await call('POST', `${url}/settings/`, a.viewer.headers, {
      email: 'x@example.com',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.roleTooLow);
    const saved = await call('POST', `${url}/settings/`, a.editor.headers, {
      email: 'x@example.com',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('DELETE', `${url}/delete/`, a.editor.headers)).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/delete/`, a.admin.headers)).statusCode).toBe(200);
  });

  it('a client sees only the projects shared with them, and only their previews', async () => {
    const a = await agency();
    const url = `/api/projects/${a.project.id}`;
    expect((await call('GET', `${url}/homepage/`, a.client.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/projects/', a.client.headers)).json().results).toEqual([]);

    const share = await call('PUT', `${url}/clients/${a.client.user.id}/`, a.admin.headers);
    expect(share.statusCode, share.body).toBe(200);
    expect(share.json().message).toBe(MSG.projectShared);
    const preview = await call('GET', `${url}/homepage/`, a.client.headers);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.body).toContain('Acme Plumbing');
    const listed = (await call('GET', '/api/projects/', a.client.headers)).json().results;
    expect(listed.map((p: { id: string }) => p.id)).toEqual([a.project.id]);
    for (const path of ['/', '/detail/lean/', '/settings/', '/deployment/'])
      expect((await call('GET', `${url}${path}`, a.client.headers)).statusCode, path).toBe(404);
    expect(
      (await call('GET', `/api/projects/${a.other.id}/homepage/`, a.client.headers)).statusCode,
    ).toBe(404);

    // Only an admin shares, and only with a client of the workspace.
    expect(
      (await call('PUT', `${url}/clients/${a.client.user.id}/`, a.editor.headers)).statusCode,
    ).toBe(403);
    const notClient = await call('PUT', `${url}/clients/${a.viewer.user.id}/`, a.admin.headers);
    expect(notClient.statusCode).toBe(400);
    expect(notClient.json().message).toBe(MSG.clientNotMember);

    const unshare = await call('DELETE', `${url}/clients/${a.client.user.id}/`, a.admin.headers);
    expect(unshare.statusCode).toBe(200);
    expect((await call('GET', `${url}/homepage/`, a.client.headers)).statusCode).toBe(404);
  });

  it('a member of another workspace finds none of its projects (404)', async () => {
    const a = await agency();
    const b = await agency();
    for (const who of [b.owner, b.admin, b.editor, b.viewer]) {
      const res = await call('GET', `/api/projects/${a.project.id}/`, who.headers);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Acme');
    }
  });
});

describe('members', () => {
  it('lists members with their roles, the account marked and a client’s shared projects', async () => {
    const a = await agency();
    await call(
      'PUT',
      `/api/projects/${a.project.id}/clients/${a.client.user.id}/`,
      a.admin.headers,
    );
    const res = await call('GET', `/api/workspaces/${a.workspaceId}/members/`, a.viewer.headers);
    expect(res.statusCode, res.body).toBe(200);
    const members = res.json().data as {
      userId: string;
      role: string;
      isAccount: boolean;
      sharedProjectIds: string[];
      fullName: string;
    }[];
    expect(members.map((m) => m.role)).toEqual(['owner', 'admin', 'editor', 'viewer', 'client']);
    expect(members[0]).toMatchObject({
      userId: a.owner.user.id,
      isAccount: true,
      fullName: 'Ada Agency',
    });
    expect(members[4]!.sharedProjectIds).toEqual([a.project.id]);
    expect(
      (await call('GET', `/api/workspaces/${a.workspaceId}/members/`, a.client.headers)).statusCode,
    ).toBe(403);
    const stranger = await signedInUser(t);
    expect(
      (await call('GET', `/api/workspaces/${a.workspaceId}/members/`, stranger.headers)).statusCode,
    ).toBe(404);
  });

  it('an admin re-roles; only an owner grants owner; the account stays owner', async () => {
    const a = await agency();
    const m = (userId: string) => `/api/workspaces/${a.workspaceId}/members/${userId}/`;
    const up = await call('PATCH', m(a.viewer.user.id), a.admin.headers, { role: 'editor' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ message: MSG.memberRoleChanged, data: { role: 'editor' } });
    const grant = await call('PATCH', m(a.viewer.user.id), a.admin.headers, { role: 'owner' });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe(MSG.onlyOwnerGrantsOwner);
    expect(
      (await call('PATCH', m(a.viewer.user.id), a.editor.headers, { role: 'viewer' })).statusCode,
    ).toBe(403);
    const demote = await call('PATCH', m(a.owner.user.id), a.owner.headers, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(MSG.lastOwnerCannotLeave);
    expect(
      (await call('PATCH', m(a.admin.user.id), a.owner.headers, { role: 'owner' })).statusCode,
    ).toBe(200);
    const account = await call('PATCH', m(a.owner.user.id), a.admin.headers, { role: 'viewer' });
    expect(account.statusCode).toBe(409);
    expect(account.json().message).toBe(MSG.accountMemberStays);
    expect(
      (await call('PATCH', m(a.viewer.user.id), a.owner.headers, { role: 'boss' })).statusCode,
    ).toBe(400);
  });

  it('members leave, admins remove; the last owner and the account stay; a removed client’s shares go', async () => {
    const a = await agency();
    const m = (userId: string) => `/api/workspaces/${a.workspaceId}/members/${userId}/`;
    const leave = await call('DELETE', m(a.editor.user.id), a.editor.headers);
    expect(leave.statusCode, leave.body).toBe(200);
    expect(leave.json().message).toBe(MSG.workspaceLeft);
    // Gone from the workspace: its projects are not found, their own workspace is used again.
    expect((await call('GET', `/api/projects/${a.project.id}/`, a.editor.headers)).statusCode).toBe(
      404,
    );
    const theirs = (await call('GET', '/api/workspaces/', a.editor.headers)).json().data;
    expect(theirs).toEqual([expect.objectContaining({ own: true, current: true })]);

    const last = await call('DELETE', m(a.owner.user.id), a.owner.headers);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(MSG.lastOwnerCannotLeave);
    await call('PATCH', m(a.admin.user.id), a.owner.headers, { role: 'owner' });
    const account = await call('DELETE', m(a.owner.user.id), a.admin.headers);
    expect(account.statusCode).toBe(409);
    expect(account.json().message).toBe(MSG.accountMemberStays);

    await call(
      'PUT',
      `/api/projects/${a.project.id}/clients/${a.client.user.id}/`,
      a.owner.headers,
    );
    expect((await call('DELETE', m(a.client.user.id), a.viewer.headers)).statusCode).toBe(403);
    const removed = await call('DELETE', m(a.client.user.id), a.owner.headers);
    expect(removed.json().message).toBe(MSG.memberRemoved);
    const shares = await t.ctx.db
      .select()
      .from(projectClients)
      .where(eq(projectClients.userId, a.client.user.id));
    expect(shares).toEqual([]);
    expect((await call('DELETE', m(a.client.user.id), a.owner.headers)).statusCode).toBe(404);
    expect(
      (await call('DELETE', `/api/workspaces/${a.workspaceId}/members/nope/`, a.owner.headers))
        .statusCode,
    ).toBe(400);
  });

  it('an admin renames the workspace; an editor may not', async () => {
    const a = await agency();
    const url = `/api/workspaces/${a.workspaceId}/`;
    expect((await call('PATCH', url, a.editor.headers, { name: 'X' })).statusCode).toBe(403);
    const res = await call('PATCH', url, a.admin.headers, { name: '  Acme Agency ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.workspaceRenamed,
      data: { name: 'Acme Agency', role: 'admin' },
    });
    expect((await call('PATCH', url, a.admin.headers, { name: '' })).statusCode).toBe(400);
  });
});
