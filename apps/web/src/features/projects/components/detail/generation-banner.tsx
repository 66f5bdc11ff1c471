import { isInProgress } from '@cityforge/shared';
import { Spinner } from '../../../../components/ui/spinner';
import { formatTime } from '../../../../lib/format';

/**
 * While In progress: the generation banner. With the live event stream connected the list
 * updates as pages finish; otherwise it shows the time of the last poll.
 */
export function GenerationBanner({
  status,
  checkedAt,
  live = false,
}: {
  status: string;
  checkedAt: number;
  live?: boolean;
}) {
  if (!isInProgress(status)) return null;
  return (
    <div
      role="status"
      data-testid="generation-banner"
      data-live={live ? 'true' : 'false'}
      className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center"
    >
      <Spinner size="sm" decorative className="text-amber-600" />
      <p className="flex-1">
        <span className="font-semibold">Generating your website.</span> Pages appear below as they
        are written{live ? '.' : '; this page checks every 5 seconds.'}
      </p>
      {live ? (
        <p className="flex items-center gap-1.5 text-xs font-medium text-emerald-800">
          <span className="relative flex size-2" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:animate-none" />
            <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
          </span>
          Live — updates as pages finish
        </p>
      ) : (
        <p className="text-xs text-amber-800">Last checked: {formatTime(checkedAt)}</p>
      )}
    </div>
  );
}
