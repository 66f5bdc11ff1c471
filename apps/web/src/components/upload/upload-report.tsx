import { AlertTriangle, CheckCircle2, HelpCircle, Info, ListChecks } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { TRowIssue, TUploadReport } from '@cityforge/shared';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
import {
  columnsText,
  factsText,
  issueWhere,
  reportFigures,
  spansFiles,
  visibleIssues,
} from '../../lib/upload-report';

// A name can match dozens of places (Springfield: 24); past a few they fold away.
const CANDIDATES_INLINE = 5;

function Candidates({ candidates }: { candidates: readonly string[] }) {
  if (candidates.length === 0) return null;
  if (candidates.length <= CANDIDATES_INLINE) {
    return <p className="mt-0.5 text-xs text-zinc-500">Candidates: {candidates.join('; ')}</p>;
  }
  return (
    <details className="mt-0.5 text-xs text-zinc-500">
      <summary className="cursor-pointer select-none hover:text-zinc-700">
        {candidates.length} candidates
      </summary>
      <p className="mt-1">{candidates.join('; ')}</p>
    </details>
  );
}

// The rows not taken as written, by why: each kind's section title, icon and colour.
const ISSUE_KINDS = [
  { kind: 'skipped', title: 'Skipped rows', icon: AlertTriangle, tone: 'text-red-700' },
  { kind: 'ambiguous', title: 'Ambiguous rows', icon: HelpCircle, tone: 'text-amber-800' },
  { kind: 'notes', title: 'Notes', icon: Info, tone: 'text-sky-800' },
] as const;

function IssueList({
  title,
  icon: Icon,
  issues,
  withFile,
  tone,
  testId,
}: {
  title: string;
  icon: LucideIcon;
  issues: readonly TRowIssue[];
  withFile: boolean;
  tone: string;
  testId: string;
}) {
  if (issues.length === 0) return null;
  const { shown, hidden } = visibleIssues(issues);
  return (
    <section data-testid={testId} aria-label={title} className="space-y-2">
      <h4 className={cn('flex items-center gap-1.5 text-sm font-semibold', tone)}>
        <Icon className="size-4" aria-hidden="true" />
        {title} ({formatNumber(issues.length)})
      </h4>
      <ul className="max-h-48 divide-y divide-zinc-100 overflow-y-auto rounded-lg border border-zinc-200 bg-white text-sm">
        {shown.map((issue) => (
          <li
            key={`${issue.file}:${issue.line}:${issue.reason}`}
            className="px-3 py-2"
            data-testid="report-issue"
          >
            <p>
              <span className="font-medium text-zinc-900">{issueWhere(issue, withFile)}</span>
              <span className="text-zinc-500"> · </span>
              <span className="text-zinc-700">{issue.reason}</span>
            </p>
            <Candidates candidates={issue.candidates ?? []} />
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <p className="text-xs text-zinc-500">and {formatNumber(hidden)} more not shown</p>
      ) : null}
    </section>
  );
}

/**
 * What an upload did: the counts, then every row not taken as written (skipped, ambiguous
 * with its candidates, notes) so the owner can fix the spreadsheet and upload it again.
 */
export function UploadReport({
  report,
  refused = false,
}: {
  report: TUploadReport;
  /** The server imported nothing: the message is a failure, not a success. */
  refused?: boolean;
}) {
  const withFile = spansFiles(report);
  const columns = columnsText(report.columns);
  const facts = factsText(report);
  return (
    <div data-testid="upload-report" className="space-y-4">
      {refused ? (
        <p role="alert" className="flex items-start gap-2 text-sm font-medium text-red-800">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
          {report.message}
        </p>
      ) : (
        <p className="flex items-start gap-2 text-sm font-medium text-emerald-800">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          {report.message}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {reportFigures(report).map((figure) => (
          <div
            key={figure.label}
            className="rounded-lg border border-zinc-200 bg-zinc-50/70 px-3 py-2"
            data-testid="report-figure"
          >
            <dt className="text-xs font-medium text-zinc-500">{figure.label}</dt>
            <dd className="text-xl font-semibold text-zinc-950 tabular-nums">
              {formatNumber(figure.value)}
            </dd>
            {figure.hint ? <dd className="text-xs text-zinc-500">{figure.hint}</dd> : null}
          </div>
        ))}
      </dl>
      {facts ? (
        <p className="flex items-start gap-2 text-sm text-zinc-700" data-testid="report-facts">
          <ListChecks className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
          {facts}
        </p>
      ) : null}
      {ISSUE_KINDS.map(({ kind, ...look }) => (
        <IssueList
          key={kind}
          testId={`report-${kind}`}
          issues={report[kind]}
          withFile={withFile}
          {...look}
        />
      ))}
      {columns || report.ignoredColumns.length > 0 ? (
        <div className="space-y-0.5 text-xs text-zinc-500">
          {columns ? <p>Columns read: {columns}</p> : null}
          {report.ignoredColumns.length > 0 ? (
            <p>Columns ignored: {report.ignoredColumns.join(', ')}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
