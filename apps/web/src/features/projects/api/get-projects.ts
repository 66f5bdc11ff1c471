import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isInProgress, PROJECT_POLL_MS } from '@cityforge/shared';
import type { TPaged, TProject } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { projectKeys } from './keys';
import type { ProjectListParams } from './keys';

/** GET /api/projects/?query=&page=&user_id= → paged TProject, 10 per page, pages from 1. */
export function getProjects(
  params: ProjectListParams,
  signal?: AbortSignal,
): Promise<TPaged<TProject>> {
  return api.get<TPaged<TProject>>('/api/projects/', {
    query: { query: params.query, page: params.page, user_id: params.userId },
    signal,
  });
}

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
