import { useMutation } from '@tanstack/react-query';
import type { TMessage, TSignupForm } from '@cityforge/shared';
import { api } from '../../../lib/api';

/** POST /auth/signup/ → 201 {message}; the server e-mails a verification link. */
export function signup(body: TSignupForm): Promise<TMessage> {
  return api.post<TMessage>('/auth/signup/', body, { auth: false });
}

export function useSignup() {
  return useMutation({ mutationKey: ['auth', 'signup'], mutationFn: signup });
}
