import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectsApi } from '@cityforge/shared';
import type { TMessage } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects } from '../../../lib/project-cache';

/** DELETE /api/projects/{id}/page/{pageId}/ → {message}; the homepage is refused (400). */
export function deletePage(id: string, pageId: string): Promise<TMessage> {
  return call(projectsApi.deletePage, { params: { id, pageId } });
}

export function useDeletePage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'delete-page', id],
    mutationFn: (pageId: string) => deletePage(id, pageId),
    onSuccess: () => invalidateProjects(queryClient),
  });
}
