import { useQuery } from '@tanstack/react-query';
import { spendingApi } from '@cityforge/shared';
import type { TMonthSpend } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';

/** GET /api/projects/{id}/spending/ → {data: TMonthSpend}. */
export async function getProjectSpending(id: string, signal?: AbortSignal): Promise<TMonthSpend> {
  const { data } = await call(spendingApi.project, { params: { id }, signal });
  return data;
}

export function useProjectSpending(id: string) {
  return useQuery({
    queryKey: projectKeys.spending(id),
    queryFn: ({ signal }) => getProjectSpending(id, signal),
    staleTime: 0,
  });
}
