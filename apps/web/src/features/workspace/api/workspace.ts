import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  brandingApi,
  workspacesApi,
  type TNotificationPrefs,
  type TUpdateBranding,
  type TUpdateWorkspaceKeys,
  type TWorkspace,
} from '@cityforge/shared';
import { call, workspaceChoice } from '../../../lib/api';
import { reloadCurrentUser } from '../../../lib/auth-store';
import { meQueryKey } from '../../profile/api/get-me';

const keys = {
  list: ['workspaces'] as const,
  branding: (id: string) => ['workspaces', id, 'branding'] as const,
  notifications: (id: string) => ['workspaces', id, 'notifications'] as const,
  keys: (id: string) => ['workspaces', id, 'keys'] as const,
};

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

export function useWorkspaces() {
  return useQuery({ queryKey: keys.list, queryFn: ({ signal }) => listWorkspaces(signal) });
}

/** The workspace requests act in, with the caller's role there. */
export function useCurrentWorkspace() {
  return useQuery({
    queryKey: keys.list,
    queryFn: ({ signal }) => listWorkspaces(signal),
    select: (list) => list.find((w) => w.current) ?? list[0] ?? null,
  });
}

/** PUT /api/workspaces/current/, sent as a request of the workspace chosen. */
export function useChooseWorkspace() {
  return useMutation({
    mutationFn: (workspaceId: string) =>
      call(workspacesApi.choose, { body: { workspaceId }, workspace: workspaceId }),
  });
}

/** The workspace's keys (its account's), masked: owners and admins only. */
export function useWorkspaceKeys(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: keys.keys(id ?? ''),
    enabled: Boolean(id) && enabled,
    queryFn: async ({ signal }) =>
      (await call(workspacesApi.keys, { params: { id: id! }, signal })).data,
  });
}

export function useUpdateWorkspaceKeys(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateWorkspaceKeys) =>
      call(workspacesApi.updateKeys, { params: { id }, body }),
    // They are the account holder's own keys: their profile, and what the app lets them do
    // for want of a key, follow.
    onSuccess: async (answer) => {
      queryClient.setQueryData(keys.keys(id), answer.data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        reloadCurrentUser().catch(() => null),
      ]);
    },
  });
}

export function useBranding(id: string | undefined) {
  return useQuery({
    queryKey: keys.branding(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) =>
      (await call(brandingApi.get, { params: { id: id! }, signal })).data,
  });
}

export function useUpdateBranding(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateBranding) => call(brandingApi.update, { params: { id }, body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(keys.branding(id), answer.data);
      await queryClient.invalidateQueries({ queryKey: keys.list });
    },
  });
}

export function useNotificationPrefs(id: string | undefined) {
  return useQuery({
    queryKey: keys.notifications(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) =>
      (await call(brandingApi.notifications, { params: { id: id! }, signal })).data,
  });
}

export function useUpdateNotificationPrefs(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TNotificationPrefs>) =>
      call(brandingApi.updateNotifications, { params: { id }, body }),
    onSuccess: (answer) => queryClient.setQueryData(keys.notifications(id), answer.data),
  });
}
