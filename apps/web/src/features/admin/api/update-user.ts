import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@cityforge/shared';
import type { TAdminUpdateUser, TAdminUser } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { getAuthState, reloadCurrentUser } from '../../../lib/auth-store';
import { invalidateUsers } from './keys';

/** PATCH /api/admin/users/{id}/ with names and the Admin Bypass flag (never e-mail) → TAdminUser. */
export function updateAdminUser(id: string, body: TAdminUpdateUser): Promise<TAdminUser> {
  return call(adminApi.updateUser, { params: { id }, body });
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', 'update'],
    mutationFn: ({ id, body }: { id: string; body: TAdminUpdateUser }) => updateAdminUser(id, body),
    onSuccess: async (user) => {
      // An administrator editing their own row also changes the header's name and the guard's
      // view of their bypass flag, which come from the signed-in user.
      if (getAuthState().user?.id === user.id) void reloadCurrentUser().catch(() => undefined);
      await invalidateUsers(queryClient);
    },
  });
}
