import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProjectSettings, TUpdateProjectSettings } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { invalidateProjects, projectKeys } from './keys';

export interface SettingsAnswer {
  data: TProjectSettings;
  message: string;
}

/** POST /api/projects/{id}/settings/ → {data: TProjectSettings, message}. */
export function updateProjectSettings(
  id: string,
  body: TUpdateProjectSettings,
): Promise<SettingsAnswer> {
  return api.post<SettingsAnswer>(`/api/projects/${encodeURIComponent(id)}/settings/`, body);
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
