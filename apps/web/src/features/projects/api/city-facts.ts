import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { locationsApi } from '@cityforge/shared';
import type { TCityFacts, TPutCityFacts } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';

/** GET /api/projects/{id}/city/{cityId}/facts/: the place's facts, photo and overrides. */
export async function fetchCityFacts(
  id: string,
  cityId: string,
  signal?: AbortSignal,
): Promise<TCityFacts> {
  return call(locationsApi.cityFacts, { params: { id, cityId }, signal });
}

/** PUT on the same path: the list replaces the place's facts; answers them as stored. */
export async function putCityFacts(
  id: string,
  cityId: string,
  body: TPutCityFacts,
): Promise<TCityFacts> {
  return call(locationsApi.putCityFacts, { params: { id, cityId }, body });
}

export function useCityFacts(id: string, cityId: string) {
  return useQuery({
    queryKey: projectKeys.cityFacts(id, cityId),
    queryFn: ({ signal }) => fetchCityFacts(id, cityId, signal),
    // The panel's form is filled once from the answer: a panel opened again reads afresh (an
    // upload may have brought facts since), and a refetch on focus would change nothing shown.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useSaveCityFacts(id: string, cityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'city-facts', id, cityId],
    mutationFn: (body: TPutCityFacts) => putCityFacts(id, cityId, body),
    onSuccess: async (stored) => {
      queryClient.setQueryData(projectKeys.cityFacts(id, cityId), stored);
      // The row's fact count and changed mark, the project's proof line and its rewrite count.
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(id) });
    },
  });
}
