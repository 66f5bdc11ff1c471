import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generationApi } from '@cityforge/shared';
import { PROJECT_STATUS } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects, patchProject } from '../../../lib/project-cache';
import { regenerationQuery, type RegenerationOptions } from './regeneration-query';

/** POST /api/projects/{id}/retry/: generates the project's failed pages again. */
export function retryProject(id: string, opts: RegenerationOptions = {}) {
  return call(generationApi.retryProject, { params: { id }, query: regenerationQuery(opts) });
}

export function useRetryProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'retry'],
    mutationFn: ({ id, ...opts }: { id: string } & RegenerationOptions) => retryProject(id, opts),
    onSuccess: async (_answer, { id }) => {
      patchProject(queryClient, id, (p) => ({ ...p, status: PROJECT_STATUS.inProgress }));
      await invalidateProjects(queryClient);
    },
  });
}
