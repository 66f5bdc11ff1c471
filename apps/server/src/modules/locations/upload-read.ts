import type { TRowIssue, TUploadReport } from '@cityforge/shared';
import { resolveLocationsInTurns } from './geography.ts';
import { refusePrivatePhotos } from './photo.job.ts';
import type { LocationsFile, ParseResult } from './spreadsheet.ts';
import { gather, type FileResult } from './upload-gather.ts';

/** What storing an upload did, for its report. */
export type StoreCounts = { added: number; existing: number; updated: number; photos: number };

/** A name in a Services cell that is none of the project's services: no page is made for it. */
export const unknownServiceNote = (name: string) =>
  `Services: "${name.length > 80 ? `${name.slice(0, 77)}...` : name}" is not one of the project's services; no page is made for it.`;

const sortIssues = (a: TRowIssue, b: TRowIssue) => a.file.localeCompare(b.file) || a.line - b.line;

/**
 * An upload's parsed files resolved to places, nothing stored yet: its cities with their
 * facts, every row's issue sorted into skipped, ambiguous and notes, and the report it makes
 * once the store says what changed.
 */
export async function readUpload(
  parsed: Array<{ file: LocationsFile; parsed: ParseResult }>,
  trustedHosts: readonly string[],
  /** The names of a Services cell that are none of the project's services. */
  unknownServices: (names: string[]) => string[] = () => [],
) {
  const skipped: TRowIssue[] = [];
  const ambiguous: TRowIssue[] = [];
  const notes: TRowIssue[] = [];
  const results: FileResult[] = [];
  for (const { file, parsed: p } of parsed) {
    const filed = (issue: { line: number; reason: string }) => ({ file: file.filename, ...issue });
    for (const note of p.notes) notes.push(filed(note));
    for (const note of await refusePrivatePhotos(p.rows, trustedHosts)) notes.push(filed(note));
    for (const row of p.rows)
      for (const name of row.services ? unknownServices(row.services) : [])
        notes.push(filed({ line: row.line, reason: unknownServiceNote(name) }));
    const resolved = await resolveLocationsInTurns(p.rows);
    const taken = new Set(resolved.cities.flatMap((c) => c.lines));
    for (const issue of p.issues) skipped.push(filed(issue));
    for (const issue of resolved.issues) {
      const row = filed(issue);
      if (taken.has(issue.line)) notes.push(row);
      else if (issue.candidates?.length) ambiguous.push(row);
      else skipped.push(row);
    }
    const { rows, factColumns } = p;
    results.push({ rows, factColumns, cities: resolved.cities, merged: resolved.merged });
  }
  const { cities, merged } = gather(results);
  const inFileMerges = results.reduce((n, r) => n + r.merged, 0);
  const rowsRead = parsed.reduce((n, p) => n + p.parsed.rows.length + p.parsed.issues.length, 0);
  const factColumns = new Map<string, string>();
  for (const { factColumns: columns } of results)
    for (const { key, name } of columns) if (!factColumns.has(key)) factColumns.set(key, name);
  const withFacts = cities.filter((c) => c.extras.facts.length > 0);

  const report = (counts: StoreCounts, message: string): TUploadReport => ({
    message,
    rowsRead,
    imported: cities.reduce((n, c) => n + c.sources.length, 0),
    citiesAdded: counts.added,
    citiesExisting: counts.existing,
    citiesUpdated: counts.updated,
    merged: merged + inFileMerges,
    skipped: skipped.sort(sortIssues),
    ambiguous: ambiguous.sort(sortIssues),
    notes: notes.sort(sortIssues),
    columns: parsed[0]!.parsed.columns as Record<string, string>,
    ignoredColumns: [...new Set(parsed.flatMap((p) => p.parsed.ignoredColumns))],
    factColumns: [...factColumns.values()],
    factsReceived: withFacts.reduce((n, c) => n + c.extras.facts.length, 0),
    factCities: withFacts.length,
    photosQueued: counts.photos,
  });
  return { cities, rowsRead, refusedRows: skipped.length + ambiguous.length, report };
}
