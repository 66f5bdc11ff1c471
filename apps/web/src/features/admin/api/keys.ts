import type { QueryClient } from '@tanstack/react-query';
import type { ProjectListParams } from '../../../lib/project-list';

export interface AdminUsersParams {
  page: number;
  search: string;
}

export type UserProjectsParams = Omit<ProjectListParams, 'userId'>;

/**
 * Every admin query lives under ['admin', …]. The list and the KPIs change together whenever a
 * user is created, edited or deleted; a user's projects and invoices hang off that user's id so
 * a delete can drop them in one go.
 */
export const adminKeys = {
  all: ['admin'] as const,
  kpis: () => ['admin', 'kpis'] as const,
  userLists: () => ['admin', 'users', 'list'] as const,
  userList: (params: AdminUsersParams) => ['admin', 'users', 'list', params] as const,
  user: (id: string) => ['admin', 'users', 'one', id] as const,
  userInvoices: (id: string, page: number) =>
    ['admin', 'users', 'one', id, 'invoices', page] as const,
  userProjects: (id: string, params: UserProjectsParams) =>
    ['admin', 'users', 'one', id, 'projects', params] as const,
};

/** Refreshes what a create, edit or delete changes: the users table and the four KPIs. */
export async function invalidateUsers(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.userLists() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.kpis() }),
  ]);
}
