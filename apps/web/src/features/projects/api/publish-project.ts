import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applyPublishResult } from '../deployment';
import type { PublishResult } from '../deployment';
import { patchProject } from './keys';

/** POST /api/projects/{id}/publish/ → {status, netlifyUrl, hasSiteMap, netlify_site_url_history}. */
export function publishProject(id: string): Promise<PublishResult> {
  return api.post<PublishResult>(`/api/projects/${encodeURIComponent(id)}/publish/`);
}

export function usePublishProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'publish'],
    mutationFn: publishProject,
    onSuccess: (result, id) => patchProject(queryClient, id, (p) => applyPublishResult(p, result)),
  });
}
