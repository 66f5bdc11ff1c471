import { useQuery } from '@tanstack/react-query';
import { projectsApi } from '@cityforge/shared';
import type { TServicePagesPreview, TServicePagesSetting } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';

/** POST /api/projects/{id}/settings/service-pages/preview/ → what saving `setting` would do. */
export async function previewServicePages(
  id: string,
  setting: TServicePagesSetting,
  signal?: AbortSignal,
): Promise<TServicePagesPreview> {
  const { data } = await call(projectsApi.servicePagesPreview, {
    params: { id },
    body: setting,
    signal,
  });
  return data;
}

/** The count before saving, asked again whenever the setting on the screen changes. */
export function useServicePagesPreview(id: string, setting: TServicePagesSetting | undefined) {
  return useQuery({
    queryKey: [...projectKeys.settings(id), 'service-pages', setting],
    queryFn: ({ signal }) => previewServicePages(id, setting!, signal),
    enabled: Boolean(setting),
    staleTime: 0,
  });
}
