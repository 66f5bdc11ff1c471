import { queryOptions, useQuery } from '@tanstack/react-query';
import { isInProgress, PROJECT_POLL_MS, projectsApi } from '@cityforge/shared';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';
import { useProjectLive } from './project-events';

/** GET /api/projects/{id}/detail/lean/: the detail as this screen shows it; 404 when not yours. */
export async function fetchLeanDetail(
  id: string,
  signal?: AbortSignal,
): Promise<TLeanProjectDetail> {
  const { data } = await call(projectsApi.detailLean, { params: { id }, signal });
  return data;
}

/** How often the screen looks again while written pages wait for their scores. */
export const SCORING_POLL_MS = 2000;

/**
 * While the project is In progress the screen polls every 5 s, unless the
 * live event stream is connected: then each change triggers a refetch and polling would only
 * repeat it. Polling comes back by itself when the stream drops. An unchanged poll is a 304.
 */
export function projectDetailQueryOptions(id: string, { live = false }: { live?: boolean } = {}) {
  return queryOptions({
    queryKey: projectKeys.lean(id),
    queryFn: ({ signal }) => fetchLeanDetail(id, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (isInProgress(data?.status)) return live ? false : PROJECT_POLL_MS;
      // Pages just written are scored (similarity, quality gate) a moment after the project
      // settles, with no event: look again until every verdict is in.
      return data && data.scoringCities > 0 ? SCORING_POLL_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}

export function useProjectDetail(id: string) {
  const live = useProjectLive(id);
  return useQuery(projectDetailQueryOptions(id, { live }));
}
