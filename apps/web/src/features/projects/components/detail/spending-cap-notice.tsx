import { useEffect } from 'react';
import { Link } from 'react-router';
import { isInProgress, MSG } from '@cityforge/shared';
import { Alert } from '../../../../components/ui/alert';
import { heldText } from '../../../../lib/spending-cap';
import { useProjectSpending } from '../../api/get-project-spending';

/**
 * Pages a monthly spending cap holds. The project is not In progress then (nothing
 * works on them), so without this the screen would only show them, city by city, as waiting.
 */
export function SpendingCapNotice({ projectId, status }: { projectId: string; status: string }) {
  const spend = useProjectSpending(projectId);
  const { refetch } = spend;
  // Each settle may hold pages, and each resume send them on.
  useEffect(() => {
    void refetch();
  }, [status, refetch]);
  const held = spend.data ? heldText(spend.data.heldPages) : null;
  if (!held || isInProgress(status)) return null;
  return (
    <Alert variant="warning" title={MSG.spendingCapReached} testId="spending-cap-notice">
      {held}{' '}
      <Link
        className="font-medium underline"
        to={`/projects/${encodeURIComponent(projectId)}/settings`}
      >
        Project settings
      </Link>{' '}
      ·{' '}
      <Link className="font-medium underline" to="/profile">
        Account cap
      </Link>
    </Alert>
  );
}
