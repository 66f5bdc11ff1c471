import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@cityforge/shared';
import type { TAdminUser, TPaged } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { adminKeys } from './keys';
import type { AdminUsersParams } from './keys';

/**
 * GET /api/admin/users/?page=&search= → paged TAdminUser, ADMIN_USERS_PAGE_SIZE per page, pages
 * from 1. The search matches name or e-mail; an empty one is left off the URL.
 */
export function getAdminUsers(
  params: AdminUsersParams,
  signal?: AbortSignal,
): Promise<TPaged<TAdminUser>> {
  return call(adminApi.users, {
    query: { page: params.page, search: params.search },
    signal,
  });
}

export function adminUsersQueryOptions(params: AdminUsersParams) {
  return queryOptions({
    queryKey: adminKeys.userList(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    // The table keeps the page on screen while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(adminUsersQueryOptions(params));
}
