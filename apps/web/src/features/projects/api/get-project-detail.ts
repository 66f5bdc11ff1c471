import { queryOptions, useQuery } from '@tanstack/react-query';
import { isInProgress, PROJECT_POLL_MS } from '@cityforge/shared';
import { fetchProjectDetail } from '../../../lib/project-detail';
import { projectKeys } from './keys';
import { useProjectLive } from './project-events';

/**
 * While the project is In progress the screen polls every 5 s (spec part 2 §4), unless the
 * live event stream is connected: then each change triggers a refetch and polling would only
 * repeat it. Polling comes back by itself when the stream drops.
 */
export function projectDetailQueryOptions(id: string, { live = false }: { live?: boolean } = {}) {
  return queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => fetchProjectDetail(id, signal),
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
