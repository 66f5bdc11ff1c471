import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '@cityforge/shared';
import type { TVerifyResetResponse } from '@cityforge/shared';
import { call } from '../../../lib/api';

/** GET /auth/verify-password-reset/{token}/ → {valid: boolean}. */
export function verifyPasswordReset(
  token: string,
  signal?: AbortSignal,
): Promise<TVerifyResetResponse> {
  return call(authApi.verifyPasswordReset, { params: { token }, auth: false, signal });
}

export function verifyPasswordResetQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'verify-password-reset', token],
    queryFn: ({ signal }) => verifyPasswordReset(token, signal),
    retry: false,
    staleTime: Infinity,
  });
}

export function useVerifyPasswordReset(token: string | null) {
  return useQuery({ ...verifyPasswordResetQueryOptions(token ?? ''), enabled: !!token });
}
