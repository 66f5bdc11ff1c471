import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getProjects } from '../../../lib/project-list';
import { adminKeys } from './keys';
import type { UserProjectsParams } from './keys';

/**
 * Another user's projects through the ordinary GET /api/projects/?user_id=, which answers a
 * superuser with that user's list (USER_PROJECTS_PAGE_SIZE per page). Unlike the project list
 * it does not poll: the dialog is a read-only glance.
 */
export function userProjectsQueryOptions(userId: string, params: UserProjectsParams) {
  return queryOptions({
    queryKey: adminKeys.userProjects(userId, params),
    queryFn: ({ signal }) => getProjects({ ...params, userId }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserProjects(userId: string, params: UserProjectsParams) {
  return useQuery(userProjectsQueryOptions(userId, params));
}
