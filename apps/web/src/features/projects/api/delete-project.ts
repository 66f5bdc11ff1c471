import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectsApi } from '@cityforge/shared';
import type { TMessage } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects } from '../../../lib/project-cache';

/** DELETE /api/projects/{id}/delete/ → {message}. */
export function deleteProject(id: string): Promise<TMessage> {
  return call(projectsApi.remove, { params: { id } });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'delete'],
    mutationFn: deleteProject,
    onSuccess: () => invalidateProjects(queryClient),
  });
}
