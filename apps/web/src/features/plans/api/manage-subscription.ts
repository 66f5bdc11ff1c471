import { useMutation } from '@tanstack/react-query';
import type { TUrlResponse } from '@cityforge/shared';
import { api } from '../../../lib/api';

/** POST /api/manage/subscription/ → {url} of the billing portal; the browser goes there. */
export function manageSubscription(): Promise<TUrlResponse> {
  return api.post<TUrlResponse>('/api/manage/subscription/');
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
