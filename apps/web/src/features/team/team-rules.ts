import type { TMember, TWorkspaceRole } from '@cityforge/shared';

export const ROLE_LABELS: Record<TWorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
  client: 'Client',
};

export const ROLE_HINTS: Record<TWorkspaceRole, string> = {
  owner: 'Everything, billing and deleting the workspace',
  admin: 'Members, keys and settings',
  editor: 'Create, upload, generate, edit and deploy',
  viewer: 'Reads everything, changes nothing',
  client: 'Only the projects shared with them',
};

const canManage = (role: TWorkspaceRole) => role === 'owner' || role === 'admin';

/** The roles the caller may hand out (invite with, or change to): only an owner grants owner. */
export function grantableRoles(callerRole: TWorkspaceRole): TWorkspaceRole[] {
  if (!canManage(callerRole)) return [];
  const all: TWorkspaceRole[] = ['owner', 'admin', 'editor', 'viewer', 'client'];
  return callerRole === 'owner' ? all : all.filter((r) => r !== 'owner');
}

/** What the caller may do to one member's row. */
export function memberActions(
  callerRole: TWorkspaceRole,
  callerId: string,
  member: Pick<TMember, 'userId' | 'role' | 'isAccount'>,
) {
  const self = member.userId === callerId;
  const touchOwner = member.role !== 'owner' || callerRole === 'owner';
  return {
    changeRole: canManage(callerRole) && !member.isAccount && touchOwner,
    remove: canManage(callerRole) && !self && !member.isAccount && touchOwner,
    leave: self && !member.isAccount,
  };
}

/** Whether the caller sees the invitations and may invite. */
export const managesTeam = canManage;

/** Clients hold no API tokens. */
export const holdsTokens = (role: TWorkspaceRole) => role !== 'client';
