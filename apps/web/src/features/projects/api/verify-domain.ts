import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateProjects, patchProject } from './keys';

/**
 * POST /api/projects/{id}/verify-domain/ (the answer body is not shown in the spec): a 2xx
 * means the DNS records were found and the domain now counts as verified.
 */
export function verifyDomain(id: string): Promise<unknown> {
  return api.post<unknown>(`/api/projects/${encodeURIComponent(id)}/verify-domain/`);
}

export function useVerifyDomain(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'verify-domain', id],
    mutationFn: () => verifyDomain(id),
    onSuccess: async () => {
      patchProject(queryClient, id, (p) => ({ ...p, isDomainVerified: true }));
      await invalidateProjects(queryClient);
    },
  });
}
