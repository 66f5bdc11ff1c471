import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateProjects } from './keys';

export interface CustomDomainBody {
  email: string;
  client_domain: string;
  contact_phone_number: string;
}

/**
 * POST /api/projects/{id}/add-custom-domain/ {email, client_domain, contact_phone_number}:
 * attaches the client domain to the project's Netlify site (the answer is not shown).
 */
export function addCustomDomain(id: string, body: CustomDomainBody): Promise<unknown> {
  return api.post<unknown>(`/api/projects/${encodeURIComponent(id)}/add-custom-domain/`, body);
}

export function useAddCustomDomain(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'add-custom-domain', id],
    mutationFn: (body: CustomDomainBody) => addCustomDomain(id, body),
    onSuccess: () => invalidateProjects(queryClient),
  });
}
