import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TPaged, TProject } from '@cityforge/shared';
import { getProjects } from '../../../lib/project-list';

/** The projects an upload can go to: the caller's own, through the shared list call. */
export function getProjectPage(
  query: string,
  page: number,
  signal?: AbortSignal,
): Promise<TPaged<TProject>> {
  return getProjects({ query, page }, signal);
}

/**
 * Page after page as the owner asks for more. Kept under ['projects', …] so that creating or
 * deleting a project refreshes this list with the others.
 */
export function projectOptionsQueryOptions(query: string) {
  return infiniteQueryOptions({
    queryKey: ['projects', 'upload-options', query] as const,
    queryFn: ({ pageParam, signal }) => getProjectPage(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
  });
}

export function useProjectOptions(query: string) {
  return useInfiniteQuery(projectOptionsQueryOptions(query));
}
