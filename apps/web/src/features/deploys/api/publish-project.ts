import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { publishingApi } from '@cityforge/shared';
import type { TPublishResult } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { applyPublishResult } from '../deployment';
import { invalidateProjects, patchProject, projectKeys } from '../../../lib/project-cache';

const PUBLISH_KEY = ['projects', 'publish'] as const;

/**
 * POST /api/projects/{id}/publish/ → {status, netlifyUrl, hasSiteMap, netlify_site_url_history,
 * deployment}. Answers 200 once the deploy has finished, or 202 with the deploy still running
 * when it outlasts the server's wait (PUBLISH_WAIT_SECONDS); GET deployment/ follows it.
 */
export function publishProject(id: string): Promise<TPublishResult> {
  return call(publishingApi.publish, { params: { id } });
}

export function usePublishProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: PUBLISH_KEY,
    mutationFn: publishProject,
    onSuccess: (result, id) => {
      patchProject(queryClient, id, (p) => applyPublishResult(p, result));
      queryClient.setQueryData(projectKeys.deployment(id), result.deployment);
    },
    // Either way the server's view (status, history, the deploy's outcome) is read again.
    onSettled: () => {
      void invalidateProjects(queryClient);
    },
  });
}

/** Whether a publish of this project is in flight, from any screen or button. */
export function usePublishPending(id: string): boolean {
  const pending = useMutationState({
    filters: {
      mutationKey: PUBLISH_KEY,
      status: 'pending',
      predicate: (mutation) => mutation.state.variables === id,
    },
  });
  return pending.length > 0;
}
