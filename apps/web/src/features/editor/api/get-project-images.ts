import { queryOptions, useQuery } from '@tanstack/react-query';
import { imagesApi } from '@cityforge/shared';
import type { TProjectImage } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { editorKeys } from './keys';

/** GET /api/projects/{id}/images/ → {results}: the project's generated images, newest first. */
export async function getProjectImages(
  projectId: string,
  signal?: AbortSignal,
): Promise<TProjectImage[]> {
  const { results } = await call(imagesApi.list, { params: { id: projectId }, signal });
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
