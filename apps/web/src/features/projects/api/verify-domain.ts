import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVerifyDomainResult } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { invalidateProjects, patchProject } from './keys';

/**
 * POST /api/projects/{id}/verify-domain/ → {verified, message, checks, data}. A 200 says the
 * check ran: `verified` false means some records are missing or wrong (see `checks`).
 */
export function verifyDomain(id: string): Promise<TVerifyDomainResult> {
  return api.post<TVerifyDomainResult>(`/api/projects/${encodeURIComponent(id)}/verify-domain/`);
}

export function useVerifyDomain(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'verify-domain', id],
    mutationFn: () => verifyDomain(id),
    onSuccess: async ({ data }) => {
      patchProject(queryClient, id, (p) => ({
        ...p,
        clientDomain: data.clientDomain,
        isDomainVerified: data.isDomainVerified,
      }));
      await invalidateProjects(queryClient);
    },
  });
}
