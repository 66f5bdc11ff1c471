import { useState } from 'react';
import { MSG, PAGE_STATUS } from '@cityforge/shared';
import type { TEditorView, TPickAnswer, TPickProposal } from '@cityforge/shared';
import { toast } from '../../../components/ui/toast';
import { errorMessage, serverMessage } from '../../../lib/api-errors';
import { isRegenerating, useProposal } from '../api/get-proposal';
import { usePickProposal } from '../api/pick-proposal';
import { useRegeneratePage } from '../api/regenerate-page';
import type { EditorTarget } from '../editor-target';

export type ProposalPhase = 'none' | 'regenerating' | 'failed' | 'waiting';

/**
 * A regenerated page beside the one in the editor: "Regenerate page" asks for one,
 * the comparison is followed until it is written, and the owner's pick is sent. `onPicked`
 * gets the page as it is after the pick, for the canvas to show it.
 */
export function usePageProposal({
  target,
  view,
  onPicked,
}: {
  target: EditorTarget;
  view: TEditorView;
  onPicked: (answer: TPickAnswer, use: TPickProposal['use']) => void;
}) {
  const [requested, setRequested] = useState(false);
  const regenerate = useRegeneratePage(target, view.page.id);
  const proposal = useProposal(target, view.page.id, requested || view.proposal !== null);
  const pick = usePickProposal(target, view.page.id);

  const data = proposal.data;
  let phase: ProposalPhase = 'none';
  if (isRegenerating(data) || (regenerate.isPending && !data?.proposed)) phase = 'regenerating';
  else if (data?.proposed) phase = 'waiting';
  else if (requested && data?.status === PAGE_STATUS.failed) phase = 'failed';

  async function start() {
    try {
      await regenerate.mutateAsync();
      setRequested(true);
      toast.success(MSG.pageRegenerating, { message: '' });
    } catch (error) {
      toast.error(MSG.regeneratePageFailed, { message: errorMessage(error, '') });
    }
  }

  async function choose(use: TPickProposal['use']) {
    if (!data?.proposed) return;
    try {
      const answer = await pick.mutateAsync({ versionId: data.proposed.id, use });
      setRequested(false);
      onPicked(answer, use);
      toast.success(answer.message, { message: '' });
    } catch (error) {
      toast.error(MSG.proposalPickFailed, {
        message: serverMessage(error) ?? errorMessage(error, ''),
      });
    }
  }

  return {
    phase,
    proposal: data,
    requesting: regenerate.isPending,
    picking: pick.isPending ? (pick.variables?.use ?? null) : null,
    regenerate: () => void start(),
    choose: (use: TPickProposal['use']) => void choose(use),
  };
}
export type PageProposal = ReturnType<typeof usePageProposal>;
