import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminKpis } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/** GET /api/admin/users/kpis/ → TAdminKpis (revenue in dollars). Superusers only. */
export function getAdminKpis(signal?: AbortSignal): Promise<TAdminKpis> {
  return api.get<TAdminKpis>('/api/admin/users/kpis/', { signal });
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
