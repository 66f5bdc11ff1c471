import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessage } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { invalidateProjects } from './keys';

/** DELETE /api/projects/{id}/delete/ → {message}. */
export function deleteProject(id: string): Promise<TMessage> {
  return api.delete<TMessage>(`/api/projects/${encodeURIComponent(id)}/delete/`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'delete'],
    mutationFn: deleteProject,
    onSuccess: () => invalidateProjects(queryClient),
  });
}
