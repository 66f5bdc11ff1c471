import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sheetsApi } from '@cityforge/shared';
import type { TSheetSyncRun } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects } from '../../../lib/project-cache';

/** POST /api/projects/{id}/sheet-link/sync/ → the run (applied, or stopped for confirmation). */
export function syncSheet(id: string): Promise<TSheetSyncRun> {
  return call(sheetsApi.sync, { params: { id } });
}

/** POST /api/projects/{id}/sheet-link/runs/{runId}/confirm/ → the run that applied it. */
export function confirmSheetRun(id: string, runId: string): Promise<TSheetSyncRun> {
  return call(sheetsApi.confirmRun, { params: { id, runId } });
}

/** Sync now, or confirm a stopped run: either way the project, its link and runs change. */
export function useSyncSheet(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'sheet', 'sync', id],
    mutationFn: (runId?: string) => (runId ? confirmSheetRun(id, runId) : syncSheet(id)),
    // A failed sync is recorded as a run too: refresh either way.
    onSettled: () => invalidateProjects(queryClient),
  });
}
