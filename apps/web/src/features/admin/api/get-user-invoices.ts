import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TInvoice, TPaged } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/** GET /api/admin/users/{id}/invoices/?page= → paged TInvoice, the same shape as /api/invoices/. */
export function getUserInvoices(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<TPaged<TInvoice>> {
  return api.get<TPaged<TInvoice>>(`/api/admin/users/${encodeURIComponent(id)}/invoices/`, {
    query: { page },
    signal,
  });
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
