import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProjectSettings } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { projectKeys } from './keys';

/** GET /api/projects/{id}/settings/ → {data: TProjectSettings}. */
export async function getProjectSettings(
  id: string,
  signal?: AbortSignal,
): Promise<TProjectSettings> {
  const { data } = await api.get<{ data: TProjectSettings }>(
    `/api/projects/${encodeURIComponent(id)}/settings/`,
    { signal },
  );
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
