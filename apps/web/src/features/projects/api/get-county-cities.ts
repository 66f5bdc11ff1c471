import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { projectsApi } from '@cityforge/shared';
import type { TLeanCity, TLeanProjectDetail } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';

/** GET /api/projects/{id}/detail/counties/{countyId}/: one county's cities, by name. */
export async function fetchCountyCities(
  id: string,
  countyId: string,
  signal?: AbortSignal,
): Promise<TLeanCity[]> {
  const { data } = await call(projectsApi.detailCounty, { params: { id, countyId }, signal });
  return data;
}

/**
 * A big project's county, fetched while it is open. It has no polling of its own: the city
 * tree refreshes the open counties whenever the project's detail changes (useRefreshOpenCounties).
 */
export function useCountyCities(id: string, countyId: string) {
  return useQuery({
    queryKey: projectKeys.county(id, countyId),
    queryFn: ({ signal }) => fetchCountyCities(id, countyId, signal),
    staleTime: 0,
  });
}

/**
 * Refetches the open counties (and marks the closed ones stale) each time the project's detail
 * comes back different: a poll or a live event that changed the counts, a retry, the end of a
 * generation. An unchanged poll keeps the same object, so nothing is refetched for it.
 */
export function useRefreshOpenCounties(project: TLeanProjectDetail) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: projectKeys.counties(project.id) });
  }, [project, queryClient]);
}
