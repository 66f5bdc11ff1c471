import { useMutation, useQueryClient } from '@tanstack/react-query';
import { domainsApi } from '@cityforge/shared';
import type { TVerifyDomainResult } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects, patchProject } from '../../../lib/project-cache';

/**
 * POST /api/projects/{id}/verify-domain/ → {verified, message, checks, data}. A 200 says the
 * check ran: `verified` false means some records are missing or wrong (see `checks`).
 */
export function verifyDomain(id: string): Promise<TVerifyDomainResult> {
  return call(domainsApi.verify, { params: { id } });
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
