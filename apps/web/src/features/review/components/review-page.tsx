import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { TReviewPage, TReviewState } from '@cityforge/shared';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { useBranding, useCurrentWorkspace } from '../../workspace/api/workspace';
import { useReviewBoard } from '../api/reviews';
import { BrandedShell } from './branded-shell';
import { PagePreview } from './page-preview';
import { ReviewForm } from './review-form';

const STATE: Record<TReviewState, { label: string; variant: BadgeVariant }> = {
  awaiting: { label: 'Awaiting your review', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  changes_requested: { label: 'Changes requested', variant: 'danger' },
};

function PageRow({ page, open, onOpen }: { page: TReviewPage; open: boolean; onOpen: () => void }) {
  const state = STATE[page.state];
  return (
    <li className="border-b border-zinc-100 last:border-0">
      <button
        type="button"
        onClick={onOpen}
        aria-expanded={open}
        className="flex w-full flex-wrap items-center justify-between gap-2 px-5 py-3 text-left hover:bg-zinc-50"
      >
        <span className="font-medium text-zinc-900">{page.name}</span>
        <Badge variant={state.variant}>{state.label}</Badge>
      </button>
    </li>
  );
}

/** The client's review of one shared project: each page's preview, the live site, decisions. */
export default function ReviewPage() {
  const { id = '' } = useParams();
  const workspace = useCurrentWorkspace();
  const branding = useBranding(workspace.data?.id);
  const board = useReviewBoard(id);
  const [openId, setOpenId] = useState<string | null>(null);
  const pages = board.data?.pages ?? [];
  const open = pages.find((p) => p.pageId === openId) ?? null;

  return (
    <BrandedShell branding={branding.data}>
      <p className="mb-2 text-sm">
        <Link to="/review" className="text-zinc-500 hover:underline">
          ← All projects
        </Link>
      </p>
      {board.error ? <p role="alert">{errorMessage(board.error)}</p> : null}
      {board.data ? (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-semibold">{board.data.projectName}</h1>
            {board.data.liveUrl ? (
              <a
                href={board.data.liveUrl}
                target="_blank"
                rel="noreferrer"
                className="text-sm font-medium underline"
                style={{ color: 'var(--accent)' }}
              >
                Open the live site
              </a>
            ) : null}
          </div>
          <p className="text-sm text-zinc-600" data-testid="review-counts">
            {board.data.counts.awaiting} awaiting review · {board.data.counts.approved} approved ·{' '}
            {board.data.counts.changesRequested} with changes requested
          </p>
          {open ? (
            <Card>
              <CardHeader title={open.name} description={STATE[open.state].label} />
              <CardBody className="space-y-4">
                <PagePreview projectId={id} page={open} />
                <ReviewForm projectId={id} page={open} onDone={() => setOpenId(null)} />
              </CardBody>
            </Card>
          ) : null}
          <Card>
            <CardHeader title="Pages" description="Open a page to look at it and decide." />
            <ul data-testid="review-pages">
              {pages.map((page) => (
                <PageRow
                  key={page.pageId}
                  page={page}
                  open={page.pageId === openId}
                  onOpen={() => setOpenId(page.pageId)}
                />
              ))}
            </ul>
          </Card>
        </div>
      ) : null}
    </BrandedShell>
  );
}
