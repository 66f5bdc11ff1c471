import { useState } from 'react';
import type { TReviewDecision, TReviewPage } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useSubmitReview } from '../api/reviews';

/** Approve the page as it is now, or ask for changes, with a comment. */
export function ReviewForm({
  projectId,
  page,
  onDone,
}: {
  projectId: string;
  page: TReviewPage;
  onDone: () => void;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitReview(projectId);
  const decide = async (decision: TReviewDecision) => {
    setError(null);
    try {
      const answer = await submit.mutateAsync({
        pageKind: page.pageKind,
        pageId: page.pageId,
        version: page.version,
        decision,
        comment,
      });
      toast.success(answer.message, { message: '' });
      setComment('');
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div className="space-y-3">
      {page.latest?.comment ? (
        <p className="text-sm text-zinc-600">Your last comment: “{page.latest.comment}”</p>
      ) : null}
      <TextAreaField
        label="Comment"
        hint="What should change, or a note with your approval."
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={4000}
        rows={3}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          onClick={() => void decide('approved')}
          disabled={submit.isPending}
          style={{ backgroundColor: 'var(--accent)' }}
        >
          Approve
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => void decide('changes_requested')}
          disabled={submit.isPending}
        >
          Request changes
        </Button>
      </div>
    </div>
  );
}
