import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { editorKeys } from './keys';

// The editor data names neither the project nor its model; this call supplies both (the
// project's name for the title, its model as the default for regenerating).

/** GET /api/projects/{id}/ → {data: TProject}. */
export async function getProject(projectId: string, signal?: AbortSignal): Promise<TProject> {
  const { data } = await api.get<{ data: TProject }>(
    `/api/projects/${encodeURIComponent(projectId)}/`,
    { signal },
  );
  return data;
}

export function projectQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: editorKeys.project(projectId),
    queryFn: ({ signal }) => getProject(projectId, signal),
  });
}

export function useEditorProject(projectId: string) {
  return useQuery(projectQueryOptions(projectId));
}
