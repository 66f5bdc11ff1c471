import type { TPaged, TProject } from '@cityforge/shared';
import { api } from './api';

export interface ProjectListParams {
  query: string;
  page: number;
  /** Superusers only: another user's projects (the server ignores it for everyone else). */
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
  return api.get<TPaged<TProject>>('/api/projects/', {
    query: { query: params.query, page: params.page, user_id: params.userId },
    signal,
  });
}
