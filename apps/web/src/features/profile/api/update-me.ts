import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '@cityforge/shared';
import type { TUpdateMe, TUser } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { setCurrentUser } from '../../../lib/auth-store';
import { accountSpendingKey } from './get-account-spending';
import { meQueryKey } from './get-me';

/**
 * PATCH /auth/me/ → TUser. Key fields come back masked; a masked value sent back keeps the
 * stored key and an empty string removes it.
 */
export function updateMe(body: TUpdateMe): Promise<TUser> {
  return call(authApi.updateMe, { body });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'me', 'update'],
    mutationFn: updateMe,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      setCurrentUser(user);
      // A changed cap may have sent held pages on.
      void queryClient.invalidateQueries({ queryKey: accountSpendingKey });
    },
  });
}
