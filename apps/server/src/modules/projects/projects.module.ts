import type { Config } from '../../config/env.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import { route } from '../../lib/module.ts';
import type { ServerKeys } from '../models/index.ts';
import { projectAccess } from './access.ts';
import { createAccessRepo } from './access.repo.ts';
import { createProjectClientsRepo } from './project-clients.repo.ts';
import { projectClientsRoutes } from './project-clients.routes.ts';
import { createProjectClientsService, type RoleIn } from './project-clients.service.ts';
import { createLeanTreeRepo } from './lean-tree.repo.ts';
import { createProjectMapRepo } from './project-map.repo.ts';
import { projectMapRoutes } from './project-map.routes.ts';
import { createProjectMapService } from './project-map.service.ts';
import { createProjectsRepo, type NewProject } from './projects.repo.ts';
import { projectsRoutes } from './projects.routes.ts';
import { createProjectsService, type ServicePagesHooks } from './projects.service.ts';

/**
 * Projects sit below generation and domains, so what those do for a project (write its first
 * pages, move its domain on Netlify) comes in as functions, bound by the composition root.
 */
export function createProjectsModule(deps: {
  db: Db;
  config: Pick<Config, 'DETAIL_INLINE_CITIES'>;
  serverKeys: ServerKeys;
  /** Settles a project with nothing left to write (generation: its scoring queued with it). */
  settle: (projectId: string) => Promise<unknown>;
  checkProjectLimit: (user: UserRow, tx: Executor) => Promise<void>;
  createWithPages: (
    values: NewProject,
    owner: UserRow,
    guard: (tx: Executor) => Promise<void>,
  ) => Promise<ProjectRow>;
  syncDomain: (project: ProjectRow, domain: string | null) => Promise<void>;
  spendingCapChanged: (project: ProjectRow) => Promise<void>;
  /** Runs `drop` (the project's deletion) and removes the project's stored files (images). */
  dropWithFiles: (owner: { projectId: string }, drop: () => Promise<unknown>) => Promise<unknown>;
  servicePagesChanged: ServicePagesHooks['changed'];
  servicePagesPreview: ServicePagesHooks['preview'];
  /** A workspace's account, whose keys and plan its projects use (users). */
  accountOf: (userId: string) => Promise<UserRow | null>;
  /** A person's role in a workspace (workspaces): a project is shared only with a client. */
  roleIn: RoleIn;
}) {
  const repo = createProjectsRepo(deps.db);
  const access = projectAccess(createAccessRepo(deps.db));
  const service = createProjectsService({
    projectsRepo: repo,
    access,
    accountOf: deps.accountOf,
    leanTreeRepo: createLeanTreeRepo(deps.db),
    inlineCities: deps.config.DETAIL_INLINE_CITIES,
    serverKeys: deps.serverKeys,
    createWithPages: deps.createWithPages,
    checkProjectLimit: deps.checkProjectLimit,
    settle: deps.settle,
    syncDomain: deps.syncDomain,
    spendingCapChanged: deps.spendingCapChanged,
    dropWithFiles: deps.dropWithFiles,
    servicePages: { changed: deps.servicePagesChanged, preview: deps.servicePagesPreview },
  });
  const mapService = createProjectMapService({
    access,
    repo: createProjectMapRepo(deps.db),
  });
  return {
    repo,
    access,
    service,
    routes: [
      route(projectsRoutes, { projectsService: service }),
      route(projectMapRoutes, { projectMapService: mapService }),
      route(projectClientsRoutes, {
        projectClientsService: createProjectClientsService({
          access,
          repo: createProjectClientsRepo(deps.db),
          roleIn: deps.roleIn,
        }),
      }),
    ],
  };
}
export type ProjectsModule = ReturnType<typeof createProjectsModule>;
