import { queryOptions, useQuery } from '@tanstack/react-query';
import { isInProgress, PROJECT_POLL_MS } from '@cityforge/shared';
import type { TProjectDetail } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { projectKeys } from './keys';

/** GET /api/projects/{id}/detail/ → {data: TProjectDetail}; 404 when missing or not yours. */
export async function getProjectDetail(id: string, signal?: AbortSignal): Promise<TProjectDetail> {
  const { data } = await api.get<{ data: TProjectDetail }>(
    `/api/projects/${encodeURIComponent(id)}/detail/`,
    { signal },
  );
  return data;
}

/** While the project is In progress the screen polls every 5 s (spec part 2 §4). */
export function projectDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => getProjectDetail(id, signal),
    staleTime: 0,
    refetchInterval: (query) => (isInProgress(query.state.data?.status) ? PROJECT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export function useProjectDetail(id: string) {
  return useQuery(projectDetailQueryOptions(id));
}
