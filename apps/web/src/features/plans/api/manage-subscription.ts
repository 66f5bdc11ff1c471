import { useMutation } from '@tanstack/react-query';
import { billingApi } from '@cityforge/shared';
import type { TUrlResponse } from '@cityforge/shared';
import { call } from '../../../lib/api';

/** POST /api/manage/subscription/ → {url} of the billing portal; the browser goes there. */
export function manageSubscription(): Promise<TUrlResponse> {
  return call(billingApi.manageSubscription);
}

export function useManageSubscription() {
  return useMutation({
    mutationKey: ['billing', 'manage'],
    mutationFn: async () => {
      const { url } = await manageSubscription();
      window.location.assign(url);
    },
  });
}
