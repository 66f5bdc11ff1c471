import type { Db } from '../../db/client.ts';
import { route } from '../../lib/module.ts';
import { createWorkspacesRepo } from './workspaces.repo.ts';
import { workspacesRoutes } from './workspaces.routes.ts';
import { createWorkspacesService } from './workspaces.service.ts';

/** Workspaces: a person's list and current one, members and their roles. */
export function createWorkspacesModule(deps: { db: Db }) {
  const repo = createWorkspacesRepo(deps.db);
  const service = createWorkspacesService({ db: deps.db, repo });
  return {
    repo,
    service,
    routes: [route(workspacesRoutes, { workspacesService: service })],
  };
}
export type WorkspacesModule = ReturnType<typeof createWorkspacesModule>;
