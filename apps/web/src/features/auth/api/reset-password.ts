import { useMutation } from '@tanstack/react-query';
import { authApi } from '@cityforge/shared';
import type { TMessage, TResetPasswordRequest } from '@cityforge/shared';
import { call } from '../../../lib/api';

/** POST /auth/reset-password/{token}/ → {message}; 400 "Invalid or expired reset token". */
export function resetPassword(token: string, body: TResetPasswordRequest): Promise<TMessage> {
  return call(authApi.resetPassword, { params: { token }, body, auth: false });
}

export function useResetPassword(token: string) {
  return useMutation({
    mutationKey: ['auth', 'reset-password'],
    mutationFn: (body: TResetPasswordRequest) => resetPassword(token, body),
  });
}
