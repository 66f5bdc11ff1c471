import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generationApi } from '@cityforge/shared';
import { call } from '../../../lib/api';
import type { EditorTarget } from '../editor-target';
import { saveParams } from '../editor-target';
import { editorKeys } from './keys';

/**
 * POST /api/projects/{id}/page/{pageId}/regenerate/ or …/city/{cityId}/regenerate/: the page
 * is written again and the new one waits beside it (a proposal) to compare and pick.
 */
export function regeneratePage(target: EditorTarget, pageId: string) {
  const owner = saveParams(target, pageId);
  return owner.kind === 'city'
    ? call(generationApi.regenerateCity, { params: owner.params, query: owner.query })
    : call(generationApi.regeneratePage, { params: owner.params });
}

export function useRegeneratePage(target: EditorTarget, pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['editor', 'regenerate-page', target.projectId, pageId],
    mutationFn: () => regeneratePage(target, pageId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.proposal(target) }),
  });
}
