import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddCustomDomain, TProject } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { applyDomainAnswer } from './keys';

/**
 * POST /api/projects/{id}/add-custom-domain/ {client_domain, email?, contact_phone_number?} →
 * {data: TProject, message}: attaches the client domain to the project's Netlify site.
 */
export async function addCustomDomain(id: string, body: TAddCustomDomain): Promise<TProject> {
  const { data } = await api.post<{ data: TProject; message: string }>(
    `/api/projects/${encodeURIComponent(id)}/add-custom-domain/`,
    body,
  );
  return data;
}

export function useAddCustomDomain(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'add-custom-domain', id],
    mutationFn: (body: TAddCustomDomain) => addCustomDomain(id, body),
    onSuccess: (project) => applyDomainAnswer(queryClient, id, project),
  });
}
