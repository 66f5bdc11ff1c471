import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { projectKeys } from './keys';

/** GET /api/projects/{id}/ → {data: TProject}; 404 for a missing or another user's project. */
export async function getProject(id: string, signal?: AbortSignal): Promise<TProject> {
  const { data } = await api.get<{ data: TProject }>(`/api/projects/${encodeURIComponent(id)}/`, {
    signal,
  });
  return data;
}

export function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: projectKeys.one(id),
    queryFn: ({ signal }) => getProject(id, signal),
  });
}

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
