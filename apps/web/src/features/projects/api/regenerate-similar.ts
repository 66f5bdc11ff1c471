import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generationApi } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects } from './keys';

/** POST /api/projects/{id}/cities/regenerate-similar/ → {message, count}: requeues them. */
export function regenerateSimilar(projectId: string) {
  return call(generationApi.regenerateSimilar, { params: { id: projectId } });
}

export function useRegenerateSimilar(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'regenerate-similar', projectId],
    mutationFn: () => regenerateSimilar(projectId),
    onSuccess: () => invalidateProjects(queryClient),
  });
}
