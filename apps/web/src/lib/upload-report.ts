import { ZUploadRefused, type TRowIssue, type TUploadReport } from '@cityforge/shared';
import { isApiError } from './api-errors';
import { formatNumber } from './format';

export interface ReportFigure {
  label: string;
  value: number;
  hint?: string;
}

/** The headline numbers of an upload, in the order the report shows them. */
export function reportFigures(report: TUploadReport): ReportFigure[] {
  return [
    { label: 'Rows imported', value: report.imported, hint: `of ${report.rowsRead} read` },
    { label: 'Cities added', value: report.citiesAdded, hint: 'pages queued' },
    { label: 'Already in project', value: report.citiesExisting, hint: 'ZIP codes merged' },
    { label: 'Merged duplicates', value: report.merged, hint: 'rows naming a listed city' },
  ];
}

/**
 * "142 facts came in for 38 cities (Jobs completed, Customer quote)": what the sheet's extra
 * columns brought; null when it had none.
 */
export function factsText(report: TUploadReport): string | null {
  if (report.factColumns.length === 0 && report.factsReceived === 0) return null;
  const facts = `${formatNumber(report.factsReceived)} ${report.factsReceived === 1 ? 'fact' : 'facts'}`;
  const cities = `${formatNumber(report.factCities)} ${report.factCities === 1 ? 'city' : 'cities'}`;
  const columns = report.factColumns.length ? ` (${report.factColumns.join(', ')})` : '';
  return `${facts} came in for ${cities}${columns}.`;
}

/** Several files were uploaded together: each issue then names its file. */
export function spansFiles(report: TUploadReport): boolean {
  const files = new Set(
    [...report.skipped, ...report.ambiguous, ...report.notes].map((issue) => issue.file),
  );
  return files.size > 1;
}

/** "Line 7" or "cities.csv, line 7". */
export function issueWhere(issue: TRowIssue, withFile: boolean): string {
  return withFile && issue.file ? `${issue.file}, line ${issue.line}` : `Line ${issue.line}`;
}

/** A long report shows its first issues of each kind and counts the rest. */
export const ISSUES_SHOWN = 100;

export function visibleIssues(
  issues: readonly TRowIssue[],
  limit = ISSUES_SHOWN,
): { shown: TRowIssue[]; hidden: number } {
  return { shown: issues.slice(0, limit), hidden: Math.max(0, issues.length - limit) };
}

/** "city ← Town, zip ← Postal Code": which header of the file fed each field. */
export function columnsText(columns: TUploadReport['columns']): string {
  return Object.entries(columns)
    .map(([field, header]) => (field === header ? field : `${field} ← ${header}`))
    .join(', ');
}

/**
 * The report of an upload the server refused because no row became a city (422), so the
 * screen can show each row's reason; null for any other failure.
 */
export function refusedReport(error: unknown): TUploadReport | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const parsed = ZUploadRefused.safeParse(error.body);
  return parsed.success ? parsed.data.report : null;
}
