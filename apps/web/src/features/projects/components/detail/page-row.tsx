import { useState } from 'react';
import { ChevronDown, Home } from 'lucide-react';
import type { TPageSummary } from '@cityforge/shared';
import { Badge } from '../../../../components/ui/badge';
import { Spinner } from '../../../../components/ui/spinner';
import { cn } from '../../../../lib/cn';
import {
  heldReason,
  isHomepage,
  itemState,
  mainPageLinks,
  pageLinksDisabled,
  slugPath,
} from '../../structure';
import type { RegenerationOptions } from '../../api/regeneration-query';
import { UsageTable } from './usage-table';
import { HeldReason } from './held-reason';
import { DeleteItemButton, FailureReason, PreviewEditLinks, RetryButton } from './item-actions';

/**
 * One main page: name, slug path, failed marker with reason and Retry, expandable model and
 * prompt, preview and edit in new tabs, and delete (never for the homepage).
 */
export function PageRow({
  projectId,
  page,
  showUsage,
  retrying,
  onRetry,
  onDelete,
}: {
  projectId: string;
  page: TPageSummary;
  showUsage: boolean;
  retrying: boolean;
  onRetry: (opts: RegenerationOptions) => void;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const state = itemState(page);
  const held = heldReason(page);
  const detailsId = `page-${page.id}-details`;

  return (
    <li className="px-4 py-3 sm:px-5" data-testid="page-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={`${open ? 'Hide' : 'Show'} details of ${page.name}`}
            onClick={() => setOpen((v) => !v)}
            className="mt-0.5 rounded-md p-0.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700"
          >
            <ChevronDown
              className={cn('size-4 transition-transform', open ? 'rotate-0' : '-rotate-90')}
              aria-hidden="true"
            />
          </button>
          <PageName page={page} />
        </div>
        <div className="flex flex-wrap items-center gap-1.5 pl-8 sm:pl-0">
          {state === 'failed' ? <RetryButton retrying={retrying} onRetry={onRetry} /> : null}
          <PreviewEditLinks
            links={mainPageLinks(projectId, page)}
            disabled={pageLinksDisabled(page)}
          />
          {isHomepage(page) ? null : (
            <DeleteItemButton name={page.name} onDelete={onDelete}>
              <span className="sm:sr-only">Delete</span>
            </DeleteItemButton>
          )}
        </div>
      </div>
      {state === 'failed' ? (
        <FailureReason reason={page.failureReason} failedAt={page.failedAt} className="mt-2 pl-8" />
      ) : null}
      {held ? <HeldReason reason={held} className="mt-2 pl-8" /> : null}
      {open ? <PageDetails id={detailsId} page={page} showUsage={showUsage} /> : null}
    </li>
  );
}

/** The page's name with its state (failed, being written, waiting), and its path on the site. */
function PageName({ page }: { page: TPageSummary }) {
  const state = itemState(page);
  const held = heldReason(page);
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-900">
        {isHomepage(page) ? <Home className="size-4 text-brand-600" aria-hidden="true" /> : null}
        {page.name}
        {state === 'failed' ? <Badge variant="danger">Failed</Badge> : null}
        {state === 'pending' && !held ? (
          <Badge variant="warning" icon={<Spinner size="sm" decorative className="size-3" />}>
            {page.status}
          </Badge>
        ) : null}
        {held ? <Badge variant="warning">Waiting</Badge> : null}
      </p>
      <p className="font-mono text-xs text-zinc-500">{slugPath(page)}</p>
    </div>
  );
}

/** What the page was written with: the model, the prompt and, for who may see it, the usage. */
function PageDetails({
  id,
  page,
  showUsage,
}: {
  id: string;
  page: TPageSummary;
  showUsage: boolean;
}) {
  return (
    <dl id={id} className="mt-3 space-y-2 rounded-lg bg-zinc-50 p-3 pl-8 text-xs">
      <div>
        <dt className="font-medium text-zinc-500">AI model</dt>
        <dd className="text-zinc-900">{page.model.name || 'N/A'}</dd>
      </div>
      <div>
        <dt className="font-medium text-zinc-500">Prompt</dt>
        <dd className="whitespace-pre-wrap text-zinc-900">{page.prompt || 'N/A'}</dd>
      </div>
      {showUsage ? (
        <div>
          <dt className="mb-1 font-medium text-zinc-500">AI usage</dt>
          <dd>
            <UsageTable usage={page.usage} label={`AI usage of ${page.name}`} />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
