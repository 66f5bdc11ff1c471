import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAiModel } from '@cityforge/shared';
import { api } from './api';

/** GET /api/ai-models/ → TAiModel[] (a plain array); used by the project screens and the editor. */
export function getAiModels(signal?: AbortSignal): Promise<TAiModel[]> {
  return api.get<TAiModel[]>('/api/ai-models/', { signal });
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
