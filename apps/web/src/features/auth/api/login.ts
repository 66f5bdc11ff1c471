import { useMutation } from '@tanstack/react-query';
import { authApi } from '@cityforge/shared';
import type { TLoginRequest, TLoginResponse } from '@cityforge/shared';
import { call } from '../../../lib/api';

/** POST /auth/login/ → {user, access, refresh}; 401 bad credentials, 403 e-mail not verified. */
export function login(body: TLoginRequest): Promise<TLoginResponse> {
  return call(authApi.login, { body, auth: false });
}

export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
