import { useEffect, useMemo, useRef } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectsApi } from '@cityforge/shared';
import type { TLeanProjectDetail, TProjectMap } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { throttle } from '../../../lib/throttle';
import { projectKeys } from '../../../lib/project-cache';

/** Under the detail's key, so whatever refreshes the project's detail refreshes its map too. */
const mapKey = (id: string) => [...projectKeys.detail(id), 'map'] as const;

/** GET /api/projects/{id}/map/: every city with its place and status, the places to outline. */
export async function fetchProjectMap(id: string, signal?: AbortSignal): Promise<TProjectMap> {
  const { data } = await call(projectsApi.map, { params: { id }, signal });
  return data;
}

/**
 * A big project's map is a few hundred KB: while it generates, the map follows the detail's
 * changes at most this often (the last change of a burst is never dropped).
 */
export const MAP_REFRESH_MS = 10_000;

/**
 * The project's map data. It has no polling of its own: it is fetched again when the detail
 * comes back different (a poll or live event that changed the counts, a retry), at most once
 * per MAP_REFRESH_MS, and keeps showing the last map meanwhile.
 */
export function useProjectMap(project: TLeanProjectDetail) {
  const queryClient = useQueryClient();
  const id = project.id;
  const refresh = useMemo(
    () =>
      throttle(
        () => void queryClient.invalidateQueries({ queryKey: mapKey(id), exact: true }),
        MAP_REFRESH_MS,
      ),
    [queryClient, id],
  );
  useEffect(() => refresh.cancel, [refresh]);
  const first = useRef(project);
  useEffect(() => {
    if (project !== first.current) refresh();
  }, [project, refresh]);
  return useQuery({
    queryKey: mapKey(id),
    queryFn: ({ signal }) => fetchProjectMap(id, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
