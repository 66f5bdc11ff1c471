import { isInProgress } from '@cityforge/shared';
import { Spinner } from '../../../../components/ui/spinner';
import { formatTime } from '../../../../lib/format';

/** While In progress: the generation banner with the time of the last poll. */
export function GenerationBanner({ status, checkedAt }: { status: string; checkedAt: number }) {
  if (!isInProgress(status)) return null;
  return (
    <div
      role="status"
      data-testid="generation-banner"
      className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center"
    >
      <Spinner size="sm" decorative className="text-amber-600" />
      <p className="flex-1">
        <span className="font-semibold">Generating your website.</span> Pages appear below as they
        are written; this page checks every 5 seconds.
      </p>
      <p className="text-xs text-amber-800">Last checked: {formatTime(checkedAt)}</p>
    </div>
  );
}
