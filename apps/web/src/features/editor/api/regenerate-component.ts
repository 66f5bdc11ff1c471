import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editorApi } from '@cityforge/shared';
import type { TRegenerate, TRegenerateResult } from '@cityforge/shared';
import { call } from '../../../lib/api';
import type { EditorTarget } from '../editor-target';
import { editorKeys } from './keys';

/** POST /api/projects/{id}/regenerate/ → {success, html}: the selected fragment rewritten. */
export function regenerateComponent(
  projectId: string,
  body: TRegenerate,
): Promise<TRegenerateResult> {
  return call(editorApi.regenerate, { params: { id: projectId }, body });
}

export function useRegenerateComponent(target: EditorTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['editor', 'regenerate', target.projectId],
    mutationFn: (body: TRegenerate) => regenerateComponent(target.projectId, body),
    onSuccess: (_answer, body) => {
      // With save_history the server kept the page as it was: the versions list grew.
      if (body.save_history)
        void queryClient.invalidateQueries({ queryKey: editorKeys.view(target) });
    },
  });
}
