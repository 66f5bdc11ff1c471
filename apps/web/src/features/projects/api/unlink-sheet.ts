import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sheetsApi } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';

/** DELETE /api/projects/{id}/sheet-link/ → {message}; the cities it brought stay. */
export function unlinkSheet(id: string) {
  return call(sheetsApi.deleteLink, { params: { id } });
}

export function useUnlinkSheet(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'sheet', 'unlink', id],
    mutationFn: () => unlinkSheet(id),
    onSuccess: () => queryClient.setQueryData(projectKeys.sheet(id), null),
  });
}
