import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectsApi } from '@cityforge/shared';
import type { TProjectSettings } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';

/** GET /api/projects/{id}/settings/ → {data: TProjectSettings}. */
export async function getProjectSettings(
  id: string,
  signal?: AbortSignal,
): Promise<TProjectSettings> {
  const { data } = await call(projectsApi.settings, { params: { id }, signal });
  return data;
}

export function projectSettingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: projectKeys.settings(id),
    queryFn: ({ signal }) => getProjectSettings(id, signal),
    staleTime: 0,
  });
}

export function useProjectSettings(id: string) {
  return useQuery(projectSettingsQueryOptions(id));
}
