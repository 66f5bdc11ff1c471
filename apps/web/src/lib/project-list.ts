import { projectsApi, type TPaged, type TProject } from '@cityforge/shared';
import { call } from './api';
import { getAuthState } from './auth-store';

export interface ProjectListParams {
  query: string;
  page: number;
  /**
   * Whose projects; the signed-in user's when not given, as the spec's list and project
   * selector send it. Another user's id is answered for superusers only (403 otherwise).
   */
  userId?: string;
}

/**
 * GET /api/projects/?query=&page=&user_id= → paged TProject, 10 per page, pages from 1. Shared
 * by the project list and the admin "Projects of …" dialog; each keeps its own query options.
 */
export function getProjects(
  params: ProjectListParams,
  signal?: AbortSignal,
): Promise<TPaged<TProject>> {
  return call(projectsApi.list, {
    query: {
      query: params.query,
      page: params.page,
      user_id: params.userId ?? getAuthState().user?.id,
    },
    signal,
  });
}
