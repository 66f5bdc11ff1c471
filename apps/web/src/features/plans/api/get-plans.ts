import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingApi } from '@cityforge/shared';
import type { TPaged, TPlan } from '@cityforge/shared';
import { call } from '../../../lib/api';

/** GET /api/plans/ → {count, next, previous, results: TPlan[]}. */
export function getPlans(signal?: AbortSignal): Promise<TPaged<TPlan>> {
  return call(billingApi.plans, { signal });
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
