import type { TWorkspace, TWorkspaceRole } from '@cityforge/shared';

/** Where a person starts in a workspace: a client on what was shared for review, others on the projects. */
export function landingOf(role: TWorkspaceRole): string {
  return role === 'client' ? '/review' : '/projects';
}

/** The header's switcher shows only to someone in more than one workspace, on the current one. */
export function switcherOf(list: readonly TWorkspace[] | undefined): TWorkspace | null {
  if (!list || list.length < 2) return null;
  return list.find((w) => w.current) ?? null;
}

/** Who manages the workspace: its members, keys and settings (its owners and admins). */
export function managesWorkspace(role: TWorkspaceRole | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

// A client's screens: their agency's view, their own account, their e-mails, invitations.
const CLIENT_SCREENS = ['/review', '/profile', '/workspace/settings', '/invitations/'];

/** Whether a client of the tab's workspace may be on this screen (else: their review list). */
export function clientMayStay(pathname: string): boolean {
  return CLIENT_SCREENS.some(
    (screen) =>
      pathname === screen || pathname.startsWith(screen.endsWith('/') ? screen : `${screen}/`),
  );
}
