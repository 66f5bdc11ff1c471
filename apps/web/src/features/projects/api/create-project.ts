import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectsApi } from '@cityforge/shared';
import type { TCreateProject, TProject } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects } from '../../../lib/project-cache';

/**
 * POST /api/projects/create/ → 201 {data: TProject}; 400 with field errors; 403 when a
 * non-superuser has no OpenAI or OpenRouter key.
 */
export async function createProject(body: TCreateProject): Promise<TProject> {
  const { data } = await call(projectsApi.create, { body });
  return data;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'create'],
    mutationFn: createProject,
    onSuccess: () => invalidateProjects(queryClient),
  });
}
