import { useQuery } from '@tanstack/react-query';
import { sheetsApi } from '@cityforge/shared';
import type { TSheetSyncRun } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';

/** GET /api/projects/{id}/sheet-link/runs/ → the sheet's syncs, newest first. */
export async function getSheetRuns(id: string, signal?: AbortSignal): Promise<TSheetSyncRun[]> {
  return (await call(sheetsApi.runs, { params: { id }, signal })).results;
}

export function useSheetRuns(id: string, enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.sheetRuns(id),
    queryFn: ({ signal }) => getSheetRuns(id, signal),
    enabled,
  });
}
