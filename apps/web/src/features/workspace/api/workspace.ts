import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  brandingApi,
  workspacesApi,
  type TNotificationPrefs,
  type TUpdateBranding,
  type TUpdateWorkspaceKeys,
} from '@cityforge/shared';
import { call } from '../../../lib/api';
import { reloadCurrentUser } from '../../../lib/auth-store';
import { workspacesKey } from '../../../lib/workspaces';
import { meQueryKey } from '../../profile/api/get-me';

export { useCurrentWorkspace, useWorkspaces } from '../../../lib/workspaces';

const keys = {
  list: workspacesKey,
  branding: (id: string) => ['workspaces', id, 'branding'] as const,
  notifications: (id: string) => ['workspaces', id, 'notifications'] as const,
  keys: (id: string) => ['workspaces', id, 'keys'] as const,
};

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
