import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generationApi } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects } from '../../../lib/project-cache';
import { regenerationQuery, type RegenerationOptions } from './regeneration-query';

/** POST /api/projects/{id}/cities/regenerate-similar/ → {message, count}: requeues them. */
export function regenerateSimilar(projectId: string, opts: RegenerationOptions = {}) {
  return call(generationApi.regenerateSimilar, {
    params: { id: projectId },
    query: regenerationQuery(opts),
  });
}

export function useRegenerateSimilar(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'regenerate-similar', projectId],
    mutationFn: (opts: RegenerationOptions = {}) => regenerateSimilar(projectId, opts),
    onSuccess: () => invalidateProjects(queryClient),
  });
}
