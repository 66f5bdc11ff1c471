import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { billingApi } from '@cityforge/shared';
import type { TInvoice, TPaged } from '@cityforge/shared';
import { call } from '../../../lib/api';

/** GET /api/invoices/?page=N → paged TInvoice, 10 per page, pages from 1. */
export function getInvoices(page: number, signal?: AbortSignal): Promise<TPaged<TInvoice>> {
  return call(billingApi.invoices, { query: { page }, signal });
}

export function invoicesQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['invoices', page],
    queryFn: ({ signal }) => getInvoices(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInvoices(page: number) {
  return useQuery(invoicesQueryOptions(page));
}
