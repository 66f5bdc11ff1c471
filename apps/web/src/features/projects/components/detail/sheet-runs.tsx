import type { TSheetSyncReport, TSheetSyncRun } from '@cityforge/shared';
import { Badge, type BadgeVariant } from '../../../../components/ui/badge';
import { UploadReport } from '../../../../components/upload/upload-report';
import { formatDateTime, formatNumber } from '../../../../lib/format';

const STATUS: Record<TSheetSyncRun['status'], { label: string; variant: BadgeVariant }> = {
  applied: { label: 'Applied', variant: 'success' },
  stopped: { label: 'Waiting for you', variant: 'warning' },
  confirmed: { label: 'Confirmed', variant: 'info' },
  superseded: { label: 'Outdated', variant: 'default' },
  failed: { label: 'Failed', variant: 'danger' },
};

const TRIGGER: Record<TSheetSyncRun['trigger'], string> = {
  manual: 'Sync now',
  scheduled: 'Schedule',
  confirm: 'Your confirmation',
};

export function RunStatus({ status }: { status: TSheetSyncRun['status'] }) {
  const look = STATUS[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}

/** A sync's counts, the cities it removed (or would) or left waiting, and its rows. */
export function SyncReport({ report }: { report: TSheetSyncReport }) {
  const figures = [
    ['Added', report.added],
    ['Updated', report.updated],
    ['Unchanged', report.unchanged],
    ['Removed', report.removed],
  ] as const;
  return (
    <div className="space-y-3" data-testid="sheet-report">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="sheet-counts">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-zinc-200 bg-zinc-50/70 px-3 py-2">
            <dt className="text-xs font-medium text-zinc-500">{label}</dt>
            <dd className="text-xl font-semibold text-zinc-950 tabular-nums">
              {formatNumber(value)}
            </dd>
          </div>
        ))}
      </dl>
      {report.removedCities.length ? (
        <p className="text-sm text-zinc-700">
          <span className="font-medium">Removed:</span> {report.removedCities.join(', ')}
          {report.removed > report.removedCities.length ? ' …' : ''}
        </p>
      ) : null}
      {report.waitingCities.length ? (
        <p className="text-sm text-amber-800">
          <span className="font-medium">Waiting for the allowance:</span>{' '}
          {report.waitingCities.join(', ')}
        </p>
      ) : null}
      <details className="rounded-lg border border-zinc-200 px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium text-zinc-700">Row by row</summary>
        <div className="mt-3">
          <UploadReport report={report} />
        </div>
      </details>
    </div>
  );
}

/** Every sync of the sheet, newest first, with its status and message. */
export function SheetRuns({ runs }: { runs: readonly TSheetSyncRun[] }) {
  if (!runs.length) return <p className="text-sm text-zinc-500">No syncs yet.</p>;
  return (
    <ol
      className="divide-y divide-zinc-100 rounded-lg border border-zinc-200"
      aria-label="Sync runs"
    >
      {runs.map((run) => (
        <li key={run.id} className="space-y-1 px-3 py-2.5" data-testid="sheet-run">
          <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500">
            <RunStatus status={run.status} />
            <span>{TRIGGER[run.trigger]}</span>
            <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
          </div>
          <p className="text-sm break-words text-zinc-800">{run.message}</p>
        </li>
      ))}
    </ol>
  );
}
