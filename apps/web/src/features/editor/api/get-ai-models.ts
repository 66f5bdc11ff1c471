import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAiModel } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { editorKeys } from './keys';

// Features do not import each other (lint rule); this is the projects feature's call under
// the same cache key, so a list fetched on another screen is reused here.

/** GET /api/ai-models/ → TAiModel[]. */
export function getAiModels(signal?: AbortSignal): Promise<TAiModel[]> {
  return api.get<TAiModel[]>('/api/ai-models/', { signal });
}

export function aiModelsQueryOptions() {
  return queryOptions({
    queryKey: editorKeys.models(),
    queryFn: ({ signal }) => getAiModels(signal),
    staleTime: 5 * 60_000,
  });
}

export function useAiModels() {
  return useQuery(aiModelsQueryOptions());
}
