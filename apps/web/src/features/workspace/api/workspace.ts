import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  brandingApi,
  workspacesApi,
  type TNotificationPrefs,
  type TUpdateBranding,
} from '@cityforge/shared';
import { call } from '../../../lib/api';

const keys = {
  list: ['workspaces'] as const,
  branding: (id: string) => ['workspaces', id, 'branding'] as const,
  notifications: (id: string) => ['workspaces', id, 'notifications'] as const,
};

/** The workspace requests act in (the one last chosen), with the caller's role there. */
export function useCurrentWorkspace() {
  return useQuery({
    queryKey: keys.list,
    queryFn: async ({ signal }) => (await call(workspacesApi.list, { signal })).data,
    select: (list) => list.find((w) => w.current) ?? list[0] ?? null,
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
