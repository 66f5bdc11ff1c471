import { MSG } from '@cityforge/shared';
import type { WorkspaceRole } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/request-user.ts';
import type { MembershipRepo } from './membership.repo.ts';
import { roleAllows, type Need } from './roles.ts';

/**
 * The caller's role in the workspace a route names: a member's own role, a superuser's
 * owner's. Not a member, or a request pinned to another workspace (an API token's, or the
 * `X-Workspace-Id` header's): 404, as for anything of someone else's.
 */
export async function roleIn(
  repo: MembershipRepo,
  actor: Actor,
  workspaceId: string,
): Promise<WorkspaceRole> {
  const pinned = actor.workspace?.pinned ? actor.workspace : null;
  if (pinned && pinned.id !== workspaceId) throw notFound(MSG.workspaceNotFound);
  if (actor.workspace?.id === workspaceId) return actor.workspace.role;
  const role = await repo.roleOf(workspaceId, actor.id);
  if (role) return role;
  if (actor.isSuperuser && (await repo.workspace(workspaceId))) return 'owner';
  throw notFound(MSG.workspaceNotFound);
}

/** roleIn, refusing a role too small for the need (a client's never is enough). */
export async function requireRoleIn(
  repo: MembershipRepo,
  actor: Actor,
  workspaceId: string,
  need: Need,
): Promise<WorkspaceRole> {
  const role = await roleIn(repo, actor, workspaceId);
  if (!roleAllows(role, need)) throw forbidden(role === 'client' ? MSG.forbidden : MSG.roleTooLow);
  return role;
}
