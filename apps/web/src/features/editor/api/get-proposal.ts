import { useQuery } from '@tanstack/react-query';
import { editorApi, PAGE_STATUS } from '@cityforge/shared';
import type { TProposal } from '@cityforge/shared';
import { call } from '../../../lib/api';
import type { EditorTarget } from '../editor-target';
import { saveParams } from '../editor-target';
import { editorKeys } from './keys';

/** While the regenerated page is being written, the comparison is asked for again this often. */
const POLL_MS = 2000;

/** The page is (again) being written: its proposal is not there yet. */
export const isRegenerating = (proposal: TProposal | undefined) =>
  proposal?.status === PAGE_STATUS.queued || proposal?.status === PAGE_STATUS.inProgress;

/**
 * GET /api/projects/{id}/page/{pageId}/proposal/ or …/city/{cityId}/proposal/ → the page and
 * the regenerated page waiting beside it, section by section (proposed is null when none).
 */
export function getProposal(
  target: EditorTarget,
  pageId: string,
  signal?: AbortSignal,
): Promise<TProposal> {
  const owner = saveParams(target, pageId);
  return owner.kind === 'city'
    ? call(editorApi.cityProposal, { params: owner.params, query: owner.query, signal })
    : call(editorApi.pageProposal, { params: owner.params, signal });
}

export function useProposal(target: EditorTarget, pageId: string, enabled: boolean) {
  return useQuery({
    queryKey: editorKeys.proposal(target),
    queryFn: ({ signal }) => getProposal(target, pageId, signal),
    enabled,
    refetchInterval: (query) => (isRegenerating(query.state.data) ? POLL_MS : false),
  });
}
