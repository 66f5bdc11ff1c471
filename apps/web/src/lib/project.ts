import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectsApi, type TProject } from '@cityforge/shared';
import { call } from './api';

/**
 * GET /api/projects/{id}/ → {data: TProject}; 404 for a missing or another user's project. Used by
 * the project settings and the editor; the key is the projects feature's `projectKeys.one(id)`, so
 * its invalidations reach this query too.
 */
export async function getProject(id: string, signal?: AbortSignal): Promise<TProject> {
  const { data } = await call(projectsApi.get, { params: { id }, signal });
  return data;
}

export function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['projects', 'one', id] as const,
    queryFn: ({ signal }) => getProject(id, signal),
  });
}

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
