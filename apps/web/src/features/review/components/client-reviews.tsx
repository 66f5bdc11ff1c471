import { Badge } from '../../../components/ui/badge';
import { Card, CardHeader } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { useReviewBoard } from '../api/reviews';

/**
 * For staff on the detail screen: where the client's review stands, and the latest word on
 * each page that has one (its comment, who, when; whether it was about the page as it is now).
 * Nothing shows for a project without approval and without reviews.
 */
export function ClientReviews({ projectId }: { projectId: string }) {
  const board = useReviewBoard(projectId);
  const data = board.data;
  if (!data) return null;
  const reviewed = data.pages.filter((p) => p.latest);
  if (!data.requireClientApproval && !reviewed.length) return null;
  return (
    <Card data-testid="client-reviews">
      <CardHeader
        title="Client review"
        description={`${data.counts.approved} approved · ${data.counts.changesRequested} with changes requested · ${data.counts.awaiting} awaiting review${data.requireClientApproval ? ' (held from the site until approved)' : ''}`}
      />
      {reviewed.length ? (
        <ul>
          {reviewed.map(({ pageId, name, latest, state }) => (
            <li key={pageId} className="border-b border-zinc-100 px-5 py-3 text-sm last:border-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{name}</span>
                <Badge
                  variant={
                    state === 'approved' ? 'success' : state === 'awaiting' ? 'warning' : 'danger'
                  }
                >
                  {latest!.decision === 'approved' ? 'Approved' : 'Changes requested'}
                  {latest!.current ? '' : ' (an earlier version)'}
                </Badge>
              </div>
              {latest!.comment ? <p className="mt-1 text-zinc-700">“{latest!.comment}”</p> : null}
              <p className="mt-0.5 text-xs text-zinc-500">
                {latest!.by}, {formatDateTime(latest!.at)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
