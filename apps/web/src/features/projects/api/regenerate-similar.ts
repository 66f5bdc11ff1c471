import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZRegenerateSimilarResult } from '@cityforge/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { invalidateProjects } from './keys';

type RegenerateSimilarResult = z.infer<typeof ZRegenerateSimilarResult>;

/** POST /api/projects/{id}/cities/regenerate-similar/ → {message, count}: requeues them. */
export function regenerateSimilar(projectId: string): Promise<RegenerateSimilarResult> {
  return api.post<RegenerateSimilarResult>(
    `/api/projects/${encodeURIComponent(projectId)}/cities/regenerate-similar/`,
  );
}

export function useRegenerateSimilar(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'regenerate-similar', projectId],
    mutationFn: () => regenerateSimilar(projectId),
    onSuccess: () => invalidateProjects(queryClient),
  });
}
