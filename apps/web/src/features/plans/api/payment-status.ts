import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '@cityforge/shared';
import { fetchCurrentUser, setCurrentUser } from '../../../lib/auth-store';

/**
 * GET /auth/me/ read fresh after a checkout: the answer says whether the subscription is
 * active yet. It also replaces the signed-in user so the rest of the app sees the new plan.
 */
export async function getPaymentStatus(signal?: AbortSignal): Promise<TUser> {
  const user = await fetchCurrentUser(signal);
  setCurrentUser(user);
  return user;
}

/** `enabled` once a session exists: without one the read could only answer 401. */
export function paymentStatusQueryOptions(enabled = true) {
  return queryOptions({
    enabled,
    queryKey: ['billing', 'payment-status'],
    queryFn: () => getPaymentStatus(),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function usePaymentStatus(enabled = true) {
  return useQuery(paymentStatusQueryOptions(enabled));
}
