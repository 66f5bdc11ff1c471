import { MSG, type TUpdateWorkspaceKeys, type TUser, type TWorkspaceKeys } from '@cityforge/shared';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/request-user.ts';
import type { UsersRepo, UsersService } from '../users/index.ts';
import type { AccountState, WorkspacesService } from './workspaces.service.ts';

/** The workspace's keys as the account's profile shows them: masked. */
const keysOf = (account: TUser): TWorkspaceKeys => ({
  openRouterApiKey: account.userOpenRouterApiKey,
  openAiApiKey: account.userOpenAiApiKey,
  netlifyAccessToken: account.userNetlifyAccessToken,
});

/**
 * A workspace's keys are its account's: the account holder pays the providers, so the keys its
 * projects use are the ones on that person's profile. Owners and admins read and change them
 * here; the users module seals, masks and keeps them exactly as it does for the profile.
 */
export function createWorkspaceKeysService(deps: {
  memberOf: WorkspacesService['memberOf'];
  accounts: Pick<UsersRepo, 'findById'>;
  users: Pick<UsersService, 'present' | 'updateMe'>;
}) {
  async function accountOf(actor: Actor, id: string) {
    const { accountId } = await deps.memberOf(actor, id, 'manage');
    const account = await deps.accounts.findById(accountId);
    if (!account) throw notFound(MSG.workspaceNotFound);
    return account;
  }

  return {
    async get(actor: Actor, id: string): Promise<TWorkspaceKeys> {
      return keysOf(await deps.users.present(await accountOf(actor, id)));
    },

    async update(actor: Actor, id: string, input: TUpdateWorkspaceKeys): Promise<TWorkspaceKeys> {
      const account = await accountOf(actor, id);
      const updated = await deps.users.updateMe(account, {
        userOpenRouterApiKey: input.openRouterApiKey,
        userOpenAiApiKey: input.openAiApiKey,
        userNetlifyAccessToken: input.netlifyAccessToken,
      });
      return keysOf(updated);
    },
  };
}
export type WorkspaceKeysService = ReturnType<typeof createWorkspaceKeysService>;

/**
 * What each account holds that its workspace's members work under: whether it pays for a plan
 * and which AI providers it keeps a key for, read as its profile presents it.
 */
export function accountStatesOf(users: {
  repo: Pick<UsersRepo, 'findById'>;
  service: Pick<UsersService, 'present'>;
}) {
  return async (ids: string[]): Promise<Map<string, AccountState>> => {
    const states = new Map<string, AccountState>();
    for (const id of ids) {
      const row = await users.repo.findById(id);
      if (!row) continue;
      const account = await users.service.present(row);
      states.set(id, {
        subscribed: account.isSubscribed,
        aiKeys: {
          openAi: Boolean(account.userOpenAiApiKey),
          openRouter: Boolean(account.userOpenRouterApiKey),
        },
      });
    }
    return states;
  };
}
