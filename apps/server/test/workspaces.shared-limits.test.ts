import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMIT_MSG } from '@cityforge/shared';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  accountWorkspaceId,
  addMember,
  createProject,
  giveKeys,
  signedInUser,
} from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { allowanceResetsOn, citiesFile, upload } from './helpers/locations.ts';

/**
 * A workspace's plan is its account's: the project limit and the monthly city-page allowance
 * count every member's work together, against the plan its owner pays for, whatever plan (or
 * none) the member holds.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const inWorkspace = (headers: Headers, workspaceId: string) => ({
  ...headers,
  'x-workspace-id': workspaceId,
});

/** An owner on the Free plan with a key, and an editor of no plan and no key of their own. */
async function freeAgency() {
  const owner = await signedInUser(t, { plan: 'free' });
  await giveKeys(t, owner.user.id, { openrouter: `sk-or-${owner.user.id}` });
  const workspaceId = await accountWorkspaceId(t, owner.user.id);
  const editor = await signedInUser(t, { plan: null });
  await addMember(t, workspaceId, editor.user.id, 'editor', { chosen: true });
  return { owner, editor: { ...editor, headers: inWorkspace(editor.headers, workspaceId) } };
}

describe("a workspace's plan is shared by its members", () => {
  it("an editor's upload and the owner's count against one monthly allowance", async () => {
    const { owner, editor } = await freeAgency();
    const first = await createProject(t, owner.user.id);
    // The editor, with no plan of their own, uploads 20 cities to the workspace's project.
    expect((await upload(t, first.id, editor.headers, [citiesFile(20)])).statusCode).toBe(201);
    await settled(t, first.id, editor.headers);

    // The owner has 5 of the Free plan's 25 left this month, in any of the account's projects.
    const second = await createProject(t, owner.user.id, { name: 'Second Site' });
    const over = await upload(t, second.id, owner.headers, [citiesFile(6, 20)]);
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toBe(
      PLAN_LIMIT_MSG.cityPages('Free', 25, 20, 6, allowanceResetsOn(), {
        name: 'Basic',
        limit: 250,
      }),
    );
    // And so has the editor.
    const editorOver = await upload(t, second.id, editor.headers, [citiesFile(6, 20)]);
    expect(editorOver.statusCode).toBe(403);
    expect(editorOver.json().message).toContain('5 are left this month (20 used;');
    expect((await upload(t, second.id, editor.headers, [citiesFile(5, 20)])).statusCode).toBe(201);
    await settled(t, second.id, editor.headers);
  });

  it("an editor's new project takes the account's project places", async () => {
    const { owner, editor } = await freeAgency();
    await createProject(t, owner.user.id);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/projects/create/',
      headers: editor.headers,
      payload: { name: 'Made By Editor', serviceType: 'Roofing', model: 'offline-draft' },
    });
    // Free allows one project: the owner's fills the account's place.
    expect(create.statusCode, create.body).toBe(403);
    expect(create.json().message).toMatch(/Free plan/);
  });
});
