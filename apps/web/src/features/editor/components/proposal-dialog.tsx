import { useId } from 'react';
import type { TProposal, TProposalSection } from '@cityforge/shared';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';

const STATUS: Record<TProposalSection['status'], { text: string; badge: BadgeVariant }> = {
  same: { text: 'Same', badge: 'default' },
  changed: { text: 'Changed', badge: 'warning' },
  added: { text: 'Only in the regenerated page', badge: 'info' },
  removed: { text: 'Only in your page', badge: 'info' },
};

/** One side of a section: its text, each paragraph the other side lacks marked. */
function Side({ title, text, other }: { title: string; text: string[]; other: string[] }) {
  const theirs = new Set(other);
  return (
    <div className="min-w-0 space-y-1.5">
      <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</p>
      {text.length === 0 ? (
        <p className="text-sm text-zinc-400 italic">Not on this page.</p>
      ) : (
        text.map((line, i) =>
          theirs.has(line) ? (
            <p key={i} className="text-sm text-zinc-700">
              {line}
            </p>
          ) : (
            <p key={i} className="rounded bg-amber-100/70 px-1 text-sm text-zinc-900">
              <span className="sr-only">Differs: </span>
              {line}
            </p>
          ),
        )
      )}
    </div>
  );
}

function SectionPair({ section }: { section: TProposalSection }) {
  const headingId = useId();
  const status = STATUS[section.status];
  const differs = section.status !== 'same';
  return (
    <li
      aria-labelledby={headingId}
      data-testid="proposal-section"
      data-status={section.status}
      className={cn(
        'rounded-lg border p-3',
        differs ? 'border-amber-300 bg-amber-50/30' : 'border-zinc-200',
      )}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-zinc-900">
          {section.label}
        </h3>
        <Badge variant={status.badge}>{status.text}</Badge>
      </div>
      {differs ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Side title="Your page" text={section.currentText} other={section.proposedText} />
          <Side title="Regenerated" text={section.proposedText} other={section.currentText} />
        </div>
      ) : (
        <p className="text-xs text-zinc-500">The same on both pages.</p>
      )}
    </li>
  );
}

/**
 * The page beside the regenerated one, section by section, changed sections marked, and the
 * two picks. Using the regenerated page replaces what the canvas holds, so unsaved changes
 * must be saved (or undone) first.
 */
export function ProposalDialog({
  open,
  onOpenChange,
  proposal,
  dirty,
  picking,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  proposal: TProposal;
  dirty: boolean;
  picking: 'proposed' | 'current' | null;
  onPick: (use: 'proposed' | 'current') => void;
}) {
  const differing = proposal.sections.filter((s) => s.status !== 'same').length;
  const meta = proposal.metaChanged ? ' The meta tags differ too.' : '';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="wide"
        title="Your page and the regenerated one"
        description={`${proposal.proposed?.name ?? 'Regenerated'}: ${differing} of ${proposal.sections.length} sections differ.${meta} Whichever you keep, the other stays among the versions.`}
      >
        <ol
          className="mt-4 max-h-[60vh] space-y-3 overflow-y-auto pr-1"
          aria-label="Sections compared"
          data-testid="proposal-sections"
        >
          {proposal.sections.map((section) => (
            <SectionPair key={section.key} section={section} />
          ))}
        </ol>
        {dirty ? (
          <p className="mt-3 text-xs text-amber-800" data-testid="proposal-dirty">
            The editor has unsaved changes: save or undo them before using the regenerated page,
            which replaces what the editor holds.
          </p>
        ) : null}
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            loading={picking === 'current'}
            disabled={picking !== null}
            onClick={() => onPick('current')}
          >
            Keep mine
          </Button>
          <Button
            loading={picking === 'proposed'}
            disabled={picking !== null || dirty}
            onClick={() => onPick('proposed')}
          >
            Use regenerated
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
