import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaged, TPlan } from '@cityforge/shared';
import { api } from '../../../lib/api';

/** GET /api/plans/ → {count, next, previous, results: TPlan[]}. */
export function getPlans(signal?: AbortSignal): Promise<TPaged<TPlan>> {
  return api.get<TPaged<TPlan>>('/api/plans/', { signal });
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: ['plans'],
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
