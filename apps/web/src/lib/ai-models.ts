import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectsApi, UPLOAD_DEFAULT_MODEL } from '@cityforge/shared';
import type { TAiModel } from '@cityforge/shared';
import { call } from './api';

/** GET /api/ai-models/ → TAiModel[] (a plain array); used by the project screens and the editor. */
export function getAiModels(signal?: AbortSignal): Promise<TAiModel[]> {
  return call(projectsApi.models, { signal });
}

export function aiModelsQueryOptions() {
  return queryOptions({
    queryKey: ['ai-models'],
    queryFn: ({ signal }) => getAiModels(signal),
    staleTime: 5 * 60_000,
  });
}

export function useAiModels() {
  return useQuery(aiModelsQueryOptions());
}

/**
 * The model both upload forms preselect: the spec's Claude 3.7 Sonnet when the
 * user can use it, else the first usable model (e.g. Offline draft), else none: the form then
 * asks for one rather than sending a model the server would refuse.
 */
export function uploadDefaultModel(models: readonly Pick<TAiModel, 'id' | 'available'>[]): string {
  const preferred = models.find((m) => m.id === UPLOAD_DEFAULT_MODEL && m.available);
  return preferred?.id ?? models.find((m) => m.available)?.id ?? '';
}
