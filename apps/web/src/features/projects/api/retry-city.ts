import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generationApi } from '@cityforge/shared';
import type { TLeanCity, TLeanProjectDetail } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { applyCityRetry, retryCityIn } from '../structure';
import { invalidateProjects, projectKeys } from '../../../lib/project-cache';
import { regenerationQuery, type RegenerationOptions } from './regeneration-query';

/** POST /api/projects/{id}/city/{cityId}/retry/ (?replaceEdits=true: see regenerationQuery). */
export function retryCity(id: string, cityId: string, opts: RegenerationOptions = {}) {
  return call(generationApi.retryCity, { params: { id, cityId }, query: regenerationQuery(opts) });
}

export function useRetryCity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'retry-city', id],
    mutationFn: ({ cityId, ...opts }: { cityId: string } & RegenerationOptions) =>
      retryCity(id, cityId, opts),
    onSuccess: (_answer, { cityId }) => {
      queryClient.setQueryData<TLeanProjectDetail>(projectKeys.lean(id), (old) =>
        old ? applyCityRetry(old, cityId) : old,
      );
      // A big project's city sits in the county fetched when it was opened.
      queryClient.setQueriesData<TLeanCity[]>({ queryKey: projectKeys.counties(id) }, (old) =>
        old ? retryCityIn(old, cityId) : old,
      );
      void invalidateProjects(queryClient);
    },
  });
}
