import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { publishingApi } from '@cityforge/shared';
import type { TPaged, TSiteRedirect } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';

/** GET /api/projects/{id}/redirects/?page=N → the site's 301s, newest first. */
export function getRedirects(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<TPaged<TSiteRedirect>> {
  return call(publishingApi.redirects, { params: { id }, query: { page }, signal });
}

export function redirectsQueryOptions(id: string, page: number) {
  return queryOptions({
    queryKey: projectKeys.redirects(id, page),
    queryFn: ({ signal }) => getRedirects(id, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRedirects(id: string, page: number) {
  return useQuery(redirectsQueryOptions(id, page));
}
