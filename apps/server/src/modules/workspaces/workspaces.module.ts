import type { Db } from '../../db/client.ts';
import { route } from '../../lib/module.ts';
import type { UsersRepo, UsersService } from '../users/index.ts';
import { accountStatesOf, createWorkspaceKeysService } from './workspace-keys.service.ts';
import { createWorkspacesRepo } from './workspaces.repo.ts';
import { workspacesRoutes } from './workspaces.routes.ts';
import { createWorkspacesService } from './workspaces.service.ts';

/** Workspaces: a person's list and current one, members and their roles, the account's keys. */
export function createWorkspacesModule(deps: {
  db: Db;
  users: { repo: Pick<UsersRepo, 'findById'>; service: Pick<UsersService, 'present' | 'updateMe'> };
}) {
  const repo = createWorkspacesRepo(deps.db);
  const service = createWorkspacesService({
    db: deps.db,
    repo,
    accountStates: accountStatesOf(deps.users),
  });
  const keysService = createWorkspaceKeysService({
    memberOf: service.memberOf,
    accounts: deps.users.repo,
    users: deps.users.service,
  });
  return {
    repo,
    service,
    routes: [route(workspacesRoutes, { workspacesService: service, keysService })],
  };
}
export type WorkspacesModule = ReturnType<typeof createWorkspacesModule>;
