import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@cityforge/shared';
import type { TInvoice, TPaged } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { adminKeys } from './keys';

/** GET /api/admin/users/{id}/invoices/?page= → paged TInvoice, the same shape as /api/invoices/. */
export function getUserInvoices(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<TPaged<TInvoice>> {
  return call(adminApi.userInvoices, { params: { id }, query: { page }, signal });
}

export function userInvoicesQueryOptions(id: string, page: number) {
  return queryOptions({
    queryKey: adminKeys.userInvoices(id, page),
    queryFn: ({ signal }) => getUserInvoices(id, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserInvoices(id: string, page: number) {
  return useQuery(userInvoicesQueryOptions(id, page));
}
