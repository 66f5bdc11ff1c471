import { useMutation } from '@tanstack/react-query';
import { authApi } from '@cityforge/shared';
import type { TMessage, TSignupForm } from '@cityforge/shared';
import { call } from '../../../lib/api';

/** POST /auth/signup/ → 201 {message}; the server e-mails a verification link. */
export function signup(body: TSignupForm): Promise<TMessage> {
  return call(authApi.signup, { body, auth: false });
}

export function useSignup() {
  return useMutation({ mutationKey: ['auth', 'signup'], mutationFn: signup });
}
