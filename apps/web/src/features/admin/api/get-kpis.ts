import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@cityforge/shared';
import type { TAdminKpis } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { adminKeys } from './keys';

/** GET /api/admin/users/kpis/ → TAdminKpis (revenue in dollars). Superusers only. */
export function getAdminKpis(signal?: AbortSignal): Promise<TAdminKpis> {
  return call(adminApi.kpis, { signal });
}

export function adminKpisQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.kpis(),
    queryFn: ({ signal }) => getAdminKpis(signal),
  });
}

export function useAdminKpis() {
  return useQuery(adminKpisQueryOptions());
}
