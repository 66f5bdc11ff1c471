import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editorApi } from '@cityforge/shared';
import type { TPickAnswer, TPickProposal } from '@cityforge/shared';
import { call } from '../../../lib/api';
import type { EditorTarget } from '../editor-target';
import { saveParams } from '../editor-target';
import { editorKeys } from './keys';

/**
 * POST …/proposal/{versionId}/ {use}: 'proposed' makes the regenerated page the page,
 * 'current' keeps the page; either way the other one stays among the versions.
 */
export function pickProposal(
  target: EditorTarget,
  pageId: string,
  versionId: string,
  body: TPickProposal,
): Promise<TPickAnswer> {
  const owner = saveParams(target, pageId);
  return owner.kind === 'city'
    ? call(editorApi.pickCityProposal, {
        params: { ...owner.params, versionId },
        query: owner.query,
        body,
      })
    : call(editorApi.pickPageProposal, { params: { ...owner.params, versionId }, body });
}

export function usePickProposal(target: EditorTarget, pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['editor', 'pick-proposal', target.projectId, pageId],
    mutationFn: ({ versionId, use }: { versionId: string } & TPickProposal) =>
      pickProposal(target, pageId, versionId, { use }),
    onSuccess: async () => {
      // The versions list gains the page set aside; the previews show the page picked.
      await queryClient.invalidateQueries({ queryKey: editorKeys.view(target) });
      await queryClient.invalidateQueries({ queryKey: editorKeys.proposal(target) });
      void queryClient.invalidateQueries({ queryKey: ['previews', target.projectId] });
    },
  });
}
