import { GitCompareArrows } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { PageProposal } from './use-page-proposal';

/**
 * Under the toolbar while a regenerated page is on its way or waiting beside this one: what is
 * happening, and the way to the comparison. Nothing shows otherwise.
 */
export function ProposalBar({
  proposal,
  onCompare,
}: {
  proposal: PageProposal;
  onCompare: () => void;
}) {
  const base = 'flex min-h-10 shrink-0 flex-wrap items-center gap-2 border-b px-4 py-1.5 text-sm';
  if (proposal.phase === 'regenerating')
    return (
      <p role="status" className={`${base} border-sky-200 bg-sky-50 text-sky-900`}>
        <Spinner size="sm" decorative />
        Regenerating this page. The new version will appear here beside yours; nothing changes until
        you choose.
      </p>
    );
  if (proposal.phase === 'failed')
    return (
      <p role="alert" className={`${base} border-red-200 bg-red-50 text-red-800`}>
        The page could not be regenerated; your page is unchanged. The project page says why.
      </p>
    );
  if (proposal.phase !== 'waiting') return null;
  return (
    <div
      role="status"
      data-testid="proposal-bar"
      className={`${base} border-amber-200 bg-amber-50 text-amber-900`}
    >
      <span className="min-w-0 flex-1">
        A regenerated version of this page is waiting ({proposal.proposal?.proposed?.name}). Compare
        it with yours and choose which to keep.
      </span>
      <Button
        size="sm"
        onClick={onCompare}
        icon={<GitCompareArrows className="size-4" aria-hidden="true" />}
      >
        Compare and choose
      </Button>
    </div>
  );
}
