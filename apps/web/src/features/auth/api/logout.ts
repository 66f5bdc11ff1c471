import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '@cityforge/shared';
import type { TMessage } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { endSession } from '../../../lib/auth-store';
import { tokenStore } from '../../../lib/token-store';

/** POST /auth/logout/ {refresh} → {message}: revokes the refresh token on the server. */
export function logout(refresh: string | null): Promise<TMessage> {
  return call(authApi.logout, { body: refresh ? { refresh } : {}, noRefresh: true });
}

/**
 * Signs out locally whatever the server answers (an unreachable server must not keep anyone
 * signed in), then forgets every cached query.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: async () => {
      const { refresh } = tokenStore.get();
      try {
        await logout(refresh);
      } catch {
        // ignored: the local session ends either way
      } finally {
        endSession();
        queryClient.clear();
      }
    },
  });
}
