import type { TProjectDetail } from '@cityforge/shared';
import { projectsApi } from '@cityforge/shared';
import { call } from './api';

/**
 * The project detail is read by the projects screens and by the site previews (for the page
 * list and slug → page id), and features cannot import each other: the request and its cache
 * key live here so both share one cache entry. It must equal projectKeys.detail(id).
 */
export function projectDetailKey(id: string) {
  return ['projects', 'detail', id] as const;
}

/** GET /api/projects/{id}/detail/ → {data: TProjectDetail}; 404 when missing or not yours. */
export async function fetchProjectDetail(
  id: string,
  signal?: AbortSignal,
): Promise<TProjectDetail> {
  const { data } = await call(projectsApi.detail, { params: { id }, signal });
  return data;
}
