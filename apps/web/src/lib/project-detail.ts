import type { TProjectDetail } from '@cityforge/shared';
import { api } from './api';

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
  const { data } = await api.get<{ data: TProjectDetail }>(
    `/api/projects/${encodeURIComponent(id)}/detail/`,
    { signal },
  );
  return data;
}
