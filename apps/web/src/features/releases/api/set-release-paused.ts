import { useMutation, useQueryClient } from '@tanstack/react-query';
import { releasesApi, type EndpointAnswer } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects, patchProject } from '../../../lib/project-cache';

export type ReleasePausedAnswer = EndpointAnswer<typeof releasesApi.setPaused>;

/** POST /api/projects/{id}/release/paused/ {paused} → {data: TProject, message}. */
export function setReleasePaused(id: string, paused: boolean): Promise<ReleasePausedAnswer> {
  return call(releasesApi.setPaused, { params: { id }, body: { paused } });
}

export function useSetReleasePaused(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'release', id, 'paused'],
    mutationFn: (paused: boolean) => setReleasePaused(id, paused),
    onSuccess: async (answer) => {
      patchProject(queryClient, id, (p) => ({ ...p, release: answer.data.release }));
      await invalidateProjects(queryClient);
    },
  });
}
