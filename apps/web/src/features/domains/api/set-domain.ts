import { useMutation, useQueryClient } from '@tanstack/react-query';
import { domainsApi } from '@cityforge/shared';
import type { TProject } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { applyDomainAnswer } from '../../../lib/project-cache';

/** POST /api/projects/{id}/domain/ {clientDomain} → {data: TProject, message}. */
export async function setDomain(id: string, clientDomain: string): Promise<TProject> {
  const { data } = await call(domainsApi.set, { params: { id }, body: { clientDomain } });
  return data;
}

export function useSetDomain(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'domain', id],
    mutationFn: (clientDomain: string) => setDomain(id, clientDomain),
    onSuccess: (project) => applyDomainAnswer(queryClient, id, project),
  });
}
