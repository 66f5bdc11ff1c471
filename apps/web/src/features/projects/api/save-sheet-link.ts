import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sheetsApi } from '@cityforge/shared';
import type { TSheetLink, TSheetLinkInput } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';

/** PUT /api/projects/{id}/sheet-link/ {url, schedule} → the link. */
export function saveSheetLink(id: string, body: TSheetLinkInput): Promise<TSheetLink> {
  return call(sheetsApi.putLink, { params: { id }, body });
}

export function useSaveSheetLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'sheet', 'save', id],
    mutationFn: (body: TSheetLinkInput) => saveSheetLink(id, body),
    onSuccess: (link) => queryClient.setQueryData(projectKeys.sheet(id), link),
  });
}
