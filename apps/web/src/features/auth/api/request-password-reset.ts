import { useMutation } from '@tanstack/react-query';
import type { TMessage, TRequestPasswordReset } from '@cityforge/shared';
import { api } from '../../../lib/api';

/** POST /auth/request-password-reset/ → {message}, neutral whether or not the account exists. */
export function requestPasswordReset(body: TRequestPasswordReset): Promise<TMessage> {
  return api.post<TMessage>('/auth/request-password-reset/', body, { auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: ['auth', 'request-password-reset'],
    mutationFn: requestPasswordReset,
  });
}
