import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generationApi } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects } from '../../../lib/project-cache';
import { regenerationQuery, type RegenerationOptions } from './regeneration-query';

/** POST /api/projects/{id}/cities/rewrite-changed/ → {message, count}: requeues them. */
export function rewriteChanged(projectId: string, opts: RegenerationOptions = {}) {
  return call(generationApi.rewriteChanged, {
    params: { id: projectId },
    query: regenerationQuery(opts),
  });
}

export function useRewriteChanged(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'rewrite-changed', projectId],
    mutationFn: (opts: RegenerationOptions = {}) => rewriteChanged(projectId, opts),
    onSuccess: () => invalidateProjects(queryClient),
  });
}
