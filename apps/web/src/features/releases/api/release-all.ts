import { useMutation, useQueryClient } from '@tanstack/react-query';
import { releasesApi } from '@cityforge/shared';
import type { TPublishResult } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { applyPublishResult } from '../../deploys/deployment';
import { invalidateProjects, patchProject, projectKeys } from '../../../lib/project-cache';

/**
 * POST /api/projects/{id}/release/all/ → the publish answer: every written city page is
 * released and deployed; 200 once the deploy finished, 202 while it still runs.
 */
export function releaseAll(id: string): Promise<TPublishResult> {
  return call(releasesApi.releaseAll, { params: { id } });
}

export function useReleaseAll(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'release', id, 'all'],
    mutationFn: () => releaseAll(id),
    onSuccess: (result) => {
      patchProject(queryClient, id, (p) => applyPublishResult(p, result));
      queryClient.setQueryData(projectKeys.deployment(id), result.deployment);
    },
    // Either way the server's view (the release's counts, the deploy's outcome) is read again.
    onSettled: () => {
      void invalidateProjects(queryClient);
    },
  });
}
