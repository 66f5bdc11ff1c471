import { MSG } from '@cityforge/shared';
import type { WorkspaceRole } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Actor, RequestWorkspace } from '../../lib/request-user.ts';

/**
 * What a caller does: `review` a project's previews and live site (all a client may do, on the
 * projects shared with them), `read` anything, `edit` (create, upload, generate, edit, deploy,
 * projects' settings), `manage` (members, keys, workspace settings, sharing and removing
 * projects), `own` (billing, deleting the workspace).
 */
export type Need = 'review' | 'read' | 'edit' | 'manage' | 'own';

const RANK: Record<Exclude<WorkspaceRole, 'client'>, number> = {
  viewer: 1,
  editor: 2,
  admin: 3,
  owner: 4,
};
const NEEDED: Record<Need, number> = { review: 1, read: 1, edit: 2, manage: 3, own: 4 };

/** Whether a member's role allows the need; a client's never does (see the project rule). */
export function roleAllows(role: WorkspaceRole, need: Need): boolean {
  return role !== 'client' && RANK[role] >= NEEDED[need];
}

/**
 * The workspace-level rule: the request's workspace, when the caller's role there allows the
 * need. No workspace answers 404; a client 403 (forbidden), a member whose role is too small
 * 403 saying so. A superuser acts as the owner of any workspace.
 */
export function requireWorkspaceRole(actor: Actor, need: Need): RequestWorkspace {
  const workspace = actor.workspace;
  if (!workspace) throw notFound(MSG.workspaceNotFound);
  if (actor.isSuperuser) return workspace;
  if (workspace.role === 'client') throw forbidden();
  if (!roleAllows(workspace.role, need)) throw forbidden(MSG.roleTooLow);
  return workspace;
}
