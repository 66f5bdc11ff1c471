import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generationApi } from '@cityforge/shared';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { applyPageRetry } from '../structure';
import { invalidateProjects, projectKeys } from './keys';

/** POST /api/projects/{id}/page/{pageId}/retry/. */
export function retryPage(id: string, pageId: string) {
  return call(generationApi.retryPage, { params: { id, pageId } });
}

export function useRetryPage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'retry-page', id],
    mutationFn: (pageId: string) => retryPage(id, pageId),
    onSuccess: (_answer, pageId) => {
      queryClient.setQueryData<TLeanProjectDetail>(projectKeys.lean(id), (old) =>
        old ? applyPageRetry(old, pageId) : old,
      );
      // The cards show the project back In progress too.
      void invalidateProjects(queryClient);
    },
  });
}
