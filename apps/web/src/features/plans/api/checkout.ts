import { useMutation } from '@tanstack/react-query';
import { billingApi } from '@cityforge/shared';
import type { TUrlResponse } from '@cityforge/shared';
import { call } from '../../../lib/api';

/**
 * POST /api/checkout/{planId}/ → {url}: the hosted checkout page, or for the Free plan a URL
 * to /payment-success straight away. The browser then leaves for that URL.
 */
export function checkout(planId: string): Promise<TUrlResponse> {
  return call(billingApi.checkout, { params: { planId } });
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
