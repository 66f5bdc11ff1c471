import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectsApi } from '@cityforge/shared';
import type { TMessage } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects } from '../../../lib/project-cache';

/** DELETE /api/projects/{id}/city/{cityId}/ → {message}. */
export function deleteCity(id: string, cityId: string): Promise<TMessage> {
  return call(projectsApi.deleteCity, { params: { id, cityId } });
}

export function useDeleteCity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'delete-city', id],
    mutationFn: (cityId: string) => deleteCity(id, cityId),
    onSuccess: () => invalidateProjects(queryClient),
  });
}
