import { queryOptions, useQuery } from '@tanstack/react-query';
import { isInProgress, PROJECT_POLL_MS, projectsApi } from '@cityforge/shared';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from './keys';
import { useProjectLive } from './project-events';

/** GET /api/projects/{id}/detail/lean/: the detail as this screen shows it; 404 when not yours. */
export async function fetchLeanDetail(
  id: string,
  signal?: AbortSignal,
): Promise<TLeanProjectDetail> {
  const { data } = await call(projectsApi.detailLean, { params: { id }, signal });
  return data;
}

/**
 * While the project is In progress the screen polls every 5 s (spec part 2 §4), unless the
 * live event stream is connected: then each change triggers a refetch and polling would only
 * repeat it. Polling comes back by itself when the stream drops. An unchanged poll is a 304.
 */
export function projectDetailQueryOptions(id: string, { live = false }: { live?: boolean } = {}) {
  return queryOptions({
    queryKey: projectKeys.lean(id),
    queryFn: ({ signal }) => fetchLeanDetail(id, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      !live && isInProgress(query.state.data?.status) ? PROJECT_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}

export function useProjectDetail(id: string) {
  const live = useProjectLive(id);
  return useQuery(projectDetailQueryOptions(id, { live }));
}
