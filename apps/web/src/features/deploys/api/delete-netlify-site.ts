import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishingApi } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects } from '../../../lib/project-cache';

/**
 * DELETE /api/projects/{id}/delete-netlify-site/ {site_url} → {message}. The current address
 * deletes the Netlify site (the project loses its link); an older one leaves the history.
 */
export function deleteNetlifySite(id: string, siteUrl: string) {
  return call(publishingApi.deleteNetlifySite, { params: { id }, body: { site_url: siteUrl } });
}

export function useDeleteNetlifySite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'delete-netlify-site', id],
    mutationFn: (siteUrl: string) => deleteNetlifySite(id, siteUrl),
    onSuccess: () => invalidateProjects(queryClient),
  });
}
