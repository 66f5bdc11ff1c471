import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isInProgress, PROJECT_POLL_MS } from '@cityforge/shared';
import { getProjects } from '../../../lib/project-list';
import type { ProjectListParams } from '../../../lib/project-list';
import { projectKeys } from '../../../lib/project-cache';

export function projectsQueryOptions(params: ProjectListParams) {
  return queryOptions({
    queryKey: projectKeys.list(params),
    queryFn: ({ signal }) => getProjects(params, signal),
    placeholderData: keepPreviousData,
    // Cards of projects being generated refresh themselves until the work is done.
    refetchInterval: (query) =>
      query.state.data?.results.some((p) => isInProgress(p.status)) ? PROJECT_POLL_MS : false,
  });
}

export function useProjects(params: ProjectListParams) {
  return useQuery(projectsQueryOptions(params));
}
