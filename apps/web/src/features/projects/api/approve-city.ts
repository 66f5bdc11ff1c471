import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectsApi } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';

/** POST /api/projects/{id}/city/{cityId}/approval/: publish a held-back page as it is, or not. */
export function approveCity(id: string, cityId: string, approved: boolean) {
  return call(projectsApi.approveCity, { params: { id, cityId }, body: { approved } });
}

export function useApproveCity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'approve-city', id],
    mutationFn: ({ cityId, approved }: { cityId: string; approved: boolean }) =>
      approveCity(id, cityId, approved),
    // The held-back counts of the tree and its counties change with the verdict.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(id) }),
  });
}
