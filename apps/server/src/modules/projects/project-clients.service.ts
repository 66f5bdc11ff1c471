import { MSG } from '@cityforge/shared';
import type { WorkspaceRole } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Actor } from '../../lib/request-user.ts';
import type { Access } from './access.ts';
import type { ProjectClientsRepo } from './project-clients.repo.ts';

/** A person's role in a workspace, or null when they are not a member (workspaces). */
export type RoleIn = (workspaceId: string, userId: string) => Promise<WorkspaceRole | null>;

/** Sharing a project with one of its workspace's clients, and taking it back (admins). */
export function createProjectClientsService(deps: {
  access: Access;
  repo: ProjectClientsRepo;
  roleIn: RoleIn;
}) {
  async function clientOf(actor: Actor, id: string, userId: string) {
    const project = await deps.access(actor, id, 'manage');
    if ((await deps.roleIn(project.workspaceId, userId)) !== 'client')
      throw badRequest(MSG.clientNotMember);
    return project;
  }
  return {
    async share(actor: Actor, id: string, userId: string) {
      const project = await clientOf(actor, id, userId);
      await deps.repo.share(project.id, userId);
      return { message: MSG.projectShared };
    },
    async unshare(actor: Actor, id: string, userId: string) {
      const project = await deps.access(actor, id, 'manage');
      await deps.repo.unshare(project.id, userId);
      return { message: MSG.projectUnshared };
    },
  };
}
export type ProjectClientsService = ReturnType<typeof createProjectClientsService>;
