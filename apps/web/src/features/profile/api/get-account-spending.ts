import { useQuery } from '@tanstack/react-query';
import { spendingApi } from '@cityforge/shared';
import type { TMonthSpend } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { meQueryKey } from './get-me';

export const accountSpendingKey = [...meQueryKey, 'spending'] as const;

/** GET /auth/me/spending/ → {data: TMonthSpend}: the account's spend across its projects. */
export async function getAccountSpending(signal?: AbortSignal): Promise<TMonthSpend> {
  const { data } = await call(spendingApi.account, { signal });
  return data;
}

export function useAccountSpending() {
  return useQuery({
    queryKey: accountSpendingKey,
    queryFn: ({ signal }) => getAccountSpending(signal),
    staleTime: 0,
  });
}
