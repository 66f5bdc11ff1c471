import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editorApi, type TSavePage, type TSuccessMessage } from '@cityforge/shared';
import { call } from '../../../lib/api';
import type { EditorTarget } from '../editor-target';
import { saveParams } from '../editor-target';
import { editorKeys } from './keys';

/**
 * POST /project/{id}/save/{pageId}/ or /project/{id}/city/{cityId}/save/ (with the service
 * for a city's page for one service) with the canvas
 * HTML, the main content, meta tags and (not for service pages) tracking codes.
 */
export function savePage(
  target: EditorTarget,
  pageId: string,
  body: TSavePage,
): Promise<TSuccessMessage> {
  const save = saveParams(target, pageId);
  return save.kind === 'city'
    ? call(editorApi.saveCity, { params: save.params, body: { ...body, ...save.query } })
    : call(editorApi.savePage, { params: save.params, body });
}

/** On success the editor data is refetched, so the versions list shows the new version. */
export function useSavePage(target: EditorTarget, pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['editor', 'save', target.projectId, pageId],
    mutationFn: (body: TSavePage) => savePage(target, pageId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: editorKeys.view(target) });
      // The preview and detail screens show the saved text too.
      void queryClient.invalidateQueries({ queryKey: ['previews', target.projectId] });
    },
  });
}
