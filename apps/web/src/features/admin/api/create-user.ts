import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminCreateUser, TAdminUser } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { invalidateUsers } from './keys';

/**
 * POST /api/admin/users/create/ → 201 TAdminUser. A taken e-mail or a weak password answers
 * 400 {message, errors: {field: [message]}}, which the form puts on its fields.
 */
export function createAdminUser(body: TAdminCreateUser): Promise<TAdminUser> {
  return api.post<TAdminUser>('/api/admin/users/create/', body);
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', 'create'],
    mutationFn: createAdminUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
