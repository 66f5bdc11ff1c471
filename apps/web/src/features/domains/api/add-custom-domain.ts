import { useMutation, useQueryClient } from '@tanstack/react-query';
import { domainsApi } from '@cityforge/shared';
import type { TAddCustomDomain, TProject } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { applyDomainAnswer } from '../../../lib/project-cache';

/**
 * POST /api/projects/{id}/add-custom-domain/ {client_domain, email?, contact_phone_number?} →
 * {data: TProject, message}: attaches the client domain to the project's Netlify site.
 */
export async function addCustomDomain(id: string, body: TAddCustomDomain): Promise<TProject> {
  const { data } = await call(domainsApi.addCustom, { params: { id }, body });
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
