import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProject } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { applyDomainAnswer } from './keys';

/** POST /api/projects/{id}/domain/ {clientDomain} → {data: TProject, message}. */
export async function setDomain(id: string, clientDomain: string): Promise<TProject> {
  const { data } = await api.post<{ data: TProject; message: string }>(
    `/api/projects/${encodeURIComponent(id)}/domain/`,
    { clientDomain },
  );
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
