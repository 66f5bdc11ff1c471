import { useQuery } from '@tanstack/react-query';
import { workspacesApi, type TUser, type TWorkspace } from '@cityforge/shared';
import { call, workspaceChoice } from './api';

export const workspacesKey = ['workspaces'] as const;

/**
 * GET /api/workspaces/: the caller's workspaces, their role in each, the tab's current one
 * marked. A tab that has not chosen one yet keeps the server's current one from now on, so
 * another tab switching later does not move it.
 */
async function listWorkspaces(signal: AbortSignal): Promise<TWorkspace[]> {
  const list = (await call(workspacesApi.list, { signal })).data;
  const current = list.find((w) => w.current);
  if (current && !workspaceChoice.get()) workspaceChoice.set(current.id);
  return list;
}

export function useWorkspaces(enabled = true) {
  return useQuery({
    queryKey: workspacesKey,
    enabled,
    queryFn: ({ signal }) => listWorkspaces(signal),
  });
}

/** The workspace requests act in, with the caller's role there. */
export function useCurrentWorkspace(enabled = true) {
  return useQuery({
    queryKey: workspacesKey,
    enabled,
    queryFn: ({ signal }) => listWorkspaces(signal),
    select: (list) => list.find((w) => w.current) ?? list[0] ?? null,
  });
}

/**
 * Whether the person works under a plan in the tab's workspace: their own, or, as a member,
 * the workspace's account's (its owner pays).
 */
export function worksUnderPlan(
  user: Pick<TUser, 'isSubscribed'>,
  workspace: TWorkspace | null | undefined,
): boolean {
  return user.isSubscribed || Boolean(workspace && !workspace.own && workspace.subscribed);
}
