import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectsApi, type EndpointAnswer } from '@cityforge/shared';
import type { TUpdateProjectSettings } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects, projectKeys } from '../../../lib/project-cache';

export type SettingsAnswer = EndpointAnswer<typeof projectsApi.updateSettings>;

/** POST /api/projects/{id}/settings/ → {data: TProjectSettings, message}. */
export function updateProjectSettings(
  id: string,
  body: TUpdateProjectSettings,
): Promise<SettingsAnswer> {
  return call(projectsApi.updateSettings, { params: { id }, body });
}

export function useUpdateProjectSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'settings', id, 'update'],
    mutationFn: (body: TUpdateProjectSettings) => updateProjectSettings(id, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(projectKeys.settings(id), answer.data);
      await invalidateProjects(queryClient);
    },
  });
}
