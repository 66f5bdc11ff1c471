import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProjectImage } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { editorKeys } from './keys';

/** GET /api/projects/{id}/images/ → {results}: the project's generated images, newest first. */
export async function getProjectImages(
  projectId: string,
  signal?: AbortSignal,
): Promise<TProjectImage[]> {
  const { results } = await api.get<{ results: TProjectImage[] }>(
    `/api/projects/${encodeURIComponent(projectId)}/images/`,
    { signal },
  );
  return results;
}

export function projectImagesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: editorKeys.images(projectId),
    queryFn: ({ signal }) => getProjectImages(projectId, signal),
  });
}

export function useProjectImages(projectId: string) {
  return useQuery(projectImagesQueryOptions(projectId));
}
