import type { ResolvedCity } from './geography.ts';
import type { ParsedLocationRow, ParseResult } from './spreadsheet.ts';

/** One file of an upload, read and resolved. */
export type FileResult = {
  rows: ParsedLocationRow[];
  factColumns: ParseResult['factColumns'];
  cities: ResolvedCity[];
  merged: number;
};

/** A fact as the upload stores it: keyed across uploads, named and placed as this sheet has it. */
export type UploadFact = { key: string; name: string; value: string; position: number };

/** What the rows of one place say besides where it is; later rows win, blank cells say nothing. */
export type PlaceExtras = {
  facts: UploadFact[];
  photo?: string;
  pageTitle?: string;
  metaDescription?: string;
  services?: string[];
};

/** One city of the upload, merged across files, with the rows it came from. */
export type Gathered = ResolvedCity & {
  sources: ParsedLocationRow[];
  extras: PlaceExtras;
};

function mergeRow(
  extras: PlaceExtras,
  facts: Map<string, UploadFact>,
  row: ParsedLocationRow,
  columns: FileResult['factColumns'],
) {
  if (row.photo) extras.photo = row.photo;
  if (row.pageTitle) extras.pageTitle = row.pageTitle;
  if (row.metaDescription) extras.metaDescription = row.metaDescription;
  if (row.services) extras.services = row.services;
  row.facts?.forEach((value, position) => {
    if (!value) return;
    const { key, name } = columns[position]!;
    facts.set(key, { key, name, value, position });
  });
}

/**
 * The upload's cities across its files: the same place named twice is one, its ZIP codes
 * together, its facts and functional cells merged row by row in file and line order.
 */
export function gather(results: FileResult[]) {
  const cities = new Map<string, Gathered & { factMap: Map<string, UploadFact> }>();
  let merged = 0;
  for (const { rows, cities: found, factColumns } of results) {
    const byLine = new Map(rows.map((r) => [r.line, r]));
    for (const city of found) {
      const sources = city.lines.map((l) => byLine.get(l)!).filter(Boolean);
      let seen = cities.get(city.key);
      if (!seen) {
        seen = { ...city, sources: [], extras: { facts: [] }, factMap: new Map() };
        cities.set(city.key, seen);
      } else {
        merged += city.lines.length;
        seen.zips = [...new Set([...seen.zips, ...city.zips])].sort();
      }
      for (const row of sources) mergeRow(seen.extras, seen.factMap, row, factColumns);
      seen.sources.push(...sources);
    }
  }
  const list: Gathered[] = [];
  for (const { factMap, ...city } of cities.values()) {
    city.extras.facts = [...factMap.values()];
    list.push(city);
  }
  return { cities: list, merged };
}
