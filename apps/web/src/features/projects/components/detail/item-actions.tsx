import { useState } from 'react';
import type { ReactNode } from 'react';
import { AlertCircle, Eye, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { NewTabLinks } from '../../../../components/ui/new-tab-link';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import type { RegenerationOptions } from '../../api/regeneration-query';
import { ReplaceEditsTick } from '../../../../components/regeneration/replace-edits-tick';

/** Preview and edit of a generated page, each in a new tab (pages, service pages, cities). */
export function PreviewEditLinks({
  links,
  disabled = false,
}: {
  links: { preview: string; edit: string };
  disabled?: boolean;
}) {
  return (
    <NewTabLinks
      disabled={disabled}
      links={[
        { href: links.preview, label: 'Preview', icon: Eye },
        { href: links.edit, label: 'Edit', icon: Pencil },
      ]}
    />
  );
}

/** Retry, with the "Replace my edits too" tick beside it for a page the owner edited. */
export function RetryButton({
  retrying,
  onRetry,
}: {
  retrying: boolean;
  onRetry: (opts: RegenerationOptions) => void;
}) {
  const [replaceEdits, setReplaceEdits] = useState(false);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        variant="outline"
        loading={retrying}
        icon={<RotateCcw className="size-3.5" aria-hidden="true" />}
        onClick={() => onRetry({ replaceEdits })}
      >
        Retry
      </Button>
      <ReplaceEditsTick checked={replaceEdits} onChange={setReplaceEdits} disabled={retrying} />
    </span>
  );
}

/** The reason a page or city failed, with when. */
export function FailureReason({
  reason,
  failedAt,
  className,
}: {
  reason: string | null;
  failedAt: string | null;
  className?: string;
}) {
  return (
    <p className={cn('flex gap-1.5 text-xs text-red-700', className)}>
      <AlertCircle className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {reason || 'Generation failed.'}
        {failedAt ? ` · Failed at ${formatDateTime(failedAt)}` : ''}
      </span>
    </p>
  );
}

/** Delete of a page or city in red; `children` shows words beside the icon where there is room. */
export function DeleteItemButton({
  name,
  onDelete,
  children,
}: {
  name: string;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={`Delete ${name}`}
      className="text-red-600 hover:bg-red-50 hover:text-red-700"
      icon={<Trash2 className="size-3.5" aria-hidden="true" />}
      onClick={onDelete}
    >
      {children}
    </Button>
  );
}
