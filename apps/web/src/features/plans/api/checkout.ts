import { useMutation } from '@tanstack/react-query';
import type { TUrlResponse } from '@cityforge/shared';
import { api } from '../../../lib/api';

/**
 * POST /api/checkout/{planId}/ → {url}: the hosted checkout page, or for the Free plan a URL
 * to /payment-success straight away. The browser then leaves for that URL.
 */
export function checkout(planId: string): Promise<TUrlResponse> {
  return api.post<TUrlResponse>(`/api/checkout/${encodeURIComponent(planId)}/`);
}

export function useCheckout() {
  return useMutation({
    mutationKey: ['billing', 'checkout'],
    mutationFn: async (planId: string) => {
      const { url } = await checkout(planId);
      window.location.assign(url);
    },
  });
}
