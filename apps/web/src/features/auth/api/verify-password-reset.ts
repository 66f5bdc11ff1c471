import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TVerifyResetResponse } from '@cityforge/shared';
import { api } from '../../../lib/api';

/** GET /auth/verify-password-reset/{token}/ → {valid: boolean}. */
export function verifyPasswordReset(
  token: string,
  signal?: AbortSignal,
): Promise<TVerifyResetResponse> {
  return api.get<TVerifyResetResponse>(
    `/auth/verify-password-reset/${encodeURIComponent(token)}/`,
    {
      auth: false,
      signal,
    },
  );
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
