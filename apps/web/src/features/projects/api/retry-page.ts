import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generationApi } from '@cityforge/shared';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { applyPageRetry } from '../structure';
import { invalidateProjects, projectKeys } from '../../../lib/project-cache';
import { regenerationQuery, type RegenerationOptions } from './regeneration-query';

/** POST /api/projects/{id}/page/{pageId}/retry/ (?replaceEdits=true: see regenerationQuery). */
export function retryPage(id: string, pageId: string, opts: RegenerationOptions = {}) {
  return call(generationApi.retryPage, { params: { id, pageId }, query: regenerationQuery(opts) });
}

export function useRetryPage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'retry-page', id],
    mutationFn: ({ pageId, ...opts }: { pageId: string } & RegenerationOptions) =>
      retryPage(id, pageId, opts),
    onSuccess: (_answer, { pageId }) => {
      queryClient.setQueryData<TLeanProjectDetail>(projectKeys.lean(id), (old) =>
        old ? applyPageRetry(old, pageId) : old,
      );
      // The cards show the project back In progress too.
      void invalidateProjects(queryClient);
    },
  });
}
