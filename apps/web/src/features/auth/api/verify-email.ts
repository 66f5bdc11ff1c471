import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '@cityforge/shared';
import type { TMessage } from '@cityforge/shared';
import { call } from '../../../lib/api';

/** GET /auth/verify-email/{token}/ → 200 {message} or 400 {message}. */
export function verifyEmail(token: string, signal?: AbortSignal): Promise<TMessage> {
  return call(authApi.verifyEmail, { params: { token }, auth: false, signal });
}

/**
 * A query, not a mutation, so React StrictMode's double mount shares the one request: the
 * token is used once and the answer is kept for the life of the page.
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: !!token });
}
