import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@cityforge/shared';
import type { TMessage } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { adminKeys, invalidateUsers } from './keys';

/**
 * DELETE /api/admin/users/{id}/ → {message: 'User has been deleted successfully'}; the user's
 * projects, pages and invoices go with them. Deleting yourself answers 400 (cannotDeleteSelf).
 */
export function deleteAdminUser(id: string): Promise<TMessage> {
  return call(adminApi.deleteUser, { params: { id } });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', 'delete'],
    mutationFn: deleteAdminUser,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.user(id) });
      await invalidateUsers(queryClient);
    },
  });
}
