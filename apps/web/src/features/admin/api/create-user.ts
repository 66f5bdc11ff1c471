import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@cityforge/shared';
import type { TAdminCreateUser, TAdminUser } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateUsers } from './keys';

/**
 * POST /api/admin/users/create/ → 201 TAdminUser. A taken e-mail or a weak password answers
 * 400 {message, errors: {field: [message]}}, which the form puts on its fields.
 */
export function createAdminUser(body: TAdminCreateUser): Promise<TAdminUser> {
  return call(adminApi.createUser, { body });
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', 'create'],
    mutationFn: createAdminUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
