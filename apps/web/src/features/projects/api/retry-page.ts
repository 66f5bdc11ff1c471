import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProjectDetail } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { applyPageRetry } from '../structure';
import { invalidateProjects, projectKeys } from './keys';

/** POST /api/projects/{id}/page/{pageId}/retry/. */
export function retryPage(id: string, pageId: string): Promise<unknown> {
  return api.post<unknown>(
    `/api/projects/${encodeURIComponent(id)}/page/${encodeURIComponent(pageId)}/retry/`,
  );
}

export function useRetryPage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'retry-page', id],
    mutationFn: (pageId: string) => retryPage(id, pageId),
    onSuccess: (_answer, pageId) => {
      queryClient.setQueryData<TProjectDetail>(projectKeys.detail(id), (old) =>
        old ? applyPageRetry(old, pageId) : old,
      );
      // The cards show the project back In progress too.
      void invalidateProjects(queryClient);
    },
  });
}
