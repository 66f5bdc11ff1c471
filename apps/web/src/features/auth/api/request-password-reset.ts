import { useMutation } from '@tanstack/react-query';
import { authApi } from '@cityforge/shared';
import type { TMessage, TRequestPasswordReset } from '@cityforge/shared';
import { call } from '../../../lib/api';

/** POST /auth/request-password-reset/ → {message}, neutral whether or not the account exists. */
export function requestPasswordReset(body: TRequestPasswordReset): Promise<TMessage> {
  return call(authApi.requestPasswordReset, { body, auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: ['auth', 'request-password-reset'],
    mutationFn: requestPasswordReset,
  });
}
