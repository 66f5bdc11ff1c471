import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectsApi } from '@cityforge/shared';
import type { THeaderLink, TLeanProjectDetail } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';

/** POST /api/projects/{id}/update-header-links/ {visible_links: names} → {data: THeaderLink[]}. */
export async function updateHeaderLinks(
  id: string,
  visibleLinks: string[],
): Promise<THeaderLink[]> {
  const { data } = await call(projectsApi.updateHeaderLinks, {
    params: { id },
    body: { visible_links: visibleLinks },
  });
  return data;
}

export function useUpdateHeaderLinks(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'header-links', id],
    mutationFn: (visibleLinks: string[]) => updateHeaderLinks(id, visibleLinks),
    onSuccess: (headerLinks) => {
      queryClient.setQueryData<TLeanProjectDetail>(projectKeys.lean(id), (old) =>
        old ? { ...old, headerLinks } : old,
      );
    },
  });
}
