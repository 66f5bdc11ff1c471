import { formatDateTime } from '../../../lib/format';
import { useReviews } from '../api/reviews';

/** In the editor: the client's decisions on this page, newest first, with their comments. */
export function PageReviewNotes({ projectId, pageId }: { projectId: string; pageId: string }) {
  const reviews = useReviews(projectId, pageId);
  const list = reviews.data ?? [];
  if (!list.length) return <p className="text-xs text-zinc-500">No client review yet.</p>;
  return (
    <ul className="space-y-3" data-testid="page-review-notes">
      {list.slice(0, 5).map((r) => (
        <li key={r.id} className="text-sm">
          <p className="font-medium">
            {r.decision === 'approved' ? 'Approved' : 'Changes requested'}
            {r.current ? '' : ' (an earlier version)'}
          </p>
          {r.comment ? <p className="text-zinc-700">“{r.comment}”</p> : null}
          <p className="text-xs text-zinc-500">
            {r.by}, {formatDateTime(r.at)}
          </p>
        </li>
      ))}
    </ul>
  );
}
