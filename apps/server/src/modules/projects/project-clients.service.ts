import { MSG } from '@cityforge/shared';
import { badRequest } from '../../lib/errors.ts';
import type { Actor } from '../../lib/request-user.ts';
import type { Access } from './access.ts';
import type { ProjectClientsRepo } from './project-clients.repo.ts';

/** Sharing a project with one of its workspace's clients, and taking it back (admins). */
export function createProjectClientsService(deps: { access: Access; repo: ProjectClientsRepo }) {
  async function clientOf(actor: Actor, id: string, userId: string) {
    const project = await deps.access(actor, id, 'manage');
    if ((await deps.repo.roleIn(project.workspaceId, userId)) !== 'client')
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
