import { MSG } from '@cityforge/shared';
import type { ProjectRow } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/request-user.ts';
import { roleAllows, type Need } from '../workspaces/index.ts';
import type { AccessRepo } from './access.repo.ts';

export type { Need };

/**
 * The one access rule of every project route. A project is found only by a member of its
 * workspace (and, when the request names its workspace, only in that one); a client finds
 * only the projects shared with them, and only to review them. Anything else answers 404,
 * exactly like a missing project. A member whose role is too small gets 403. Superusers
 * reach every project.
 */
export function projectAccess(repo: AccessRepo) {
  return async function access(actor: Actor, id: string, need: Need): Promise<ProjectRow> {
    const found = await repo.projectFor(id, actor.id);
    if (!found) throw notFound(MSG.projectNotFoundTitle);
    if (actor.isSuperuser) return found.project;
    const { project, role, shared } = found;
    const pinned = actor.workspace?.pinned ? actor.workspace.id : null;
    if (!role || (pinned && pinned !== project.workspaceId))
      throw notFound(MSG.projectNotFoundTitle);
    if (role === 'client') {
      if (!shared || need !== 'review') throw notFound(MSG.projectNotFoundTitle);
      return project;
    }
    if (!roleAllows(role, need)) throw forbidden(MSG.roleTooLow);
    return project;
  };
}
export type Access = ReturnType<typeof projectAccess>;
