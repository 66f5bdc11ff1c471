import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { COUNT_TITLES, formatCount } from './status-bar';
import type { TextStats } from './status-bar';

export type EditorFooterProps = {
  stats: TextStats;
  problemCount: number;
  saving: boolean;
  mod: string;
  onCancel: () => void;
  onApply: () => void;
};

function Kbd({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-zinc-200 bg-white px-1 py-px font-sans text-2xs text-zinc-600 shadow-sm">
      {children}
    </kbd>
  );
}

/** Counts and shortcut hints on the left, the dialog's decisions on the right. */
export function EditorFooter({
  stats,
  problemCount,
  saving,
  mod,
  onCancel,
  onApply,
}: EditorFooterProps) {
  const errorsId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-500">
        <p className="flex gap-3 tabular-nums" role="group" aria-label="Document counts">
          <span title={COUNT_TITLES.lines}>{formatCount(stats.lines, 'line')}</span>
          <span title={COUNT_TITLES.characters}>{formatCount(stats.characters, 'character')}</span>
          <span title={COUNT_TITLES.words}>{formatCount(stats.words, 'word')}</span>
        </p>
        <span role="status" className="flex items-center gap-1.5 font-medium text-brand-700">
          {saving ? (
            <>
              <Spinner size="sm" decorative /> Saving…
            </>
          ) : null}
        </span>
        {saving ? null : (
          <span className="hidden items-center gap-1 xl:flex">
            <Kbd>{`${mod}+S`}</Kbd> save <Kbd>{`${mod}+Shift+F`}</Kbd> format <Kbd>Esc</Kbd> cancel
          </span>
        )}
      </div>
      <div className="flex shrink-0 items-center justify-end gap-2">
        {problemCount > 0 ? (
          <span
            id={errorsId}
            title="Apply still works: the browser will repair the markup its own way"
          >
            <Badge variant="danger">{formatCount(problemCount, 'tag error')}</Badge>
          </span>
        ) : null}
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          onClick={onApply}
          disabled={saving}
          aria-describedby={problemCount > 0 ? errorsId : undefined}
        >
          Apply
        </Button>
      </div>
    </div>
  );
}
