import * as XLSX from '@e965/xlsx';
import {
  cleanState,
  cleanText,
  columnFor,
  HEADER_SEARCH_ROWS,
  isNotFactColumn,
  LOCATION_COLUMNS,
  parseZips,
  type ColumnKey,
} from './columns.ts';
import {
  checkFactColumns,
  factKey,
  readExtras,
  type FactColumn,
  type RowExtras,
} from './fact-columns.ts';
import { readSheetText } from './csv-cells.ts';
import { DEFAULT_LIMITS, refuse, type Limits } from './refusals.ts';
import { openWorkbook, rowCap } from './workbook.ts';

/**
 * Reads an uploaded spreadsheet of service areas (.csv, .xlsx or .xls) into rows. Pure: no
 * database, no HTTP. Rows keep their spreadsheet row number so every issue points at a line
 * the user can find; resolving names and ZIPs to places is the geography module's job.
 */

export {
  DEFAULT_LIMITS,
  INVALID_FILE_TYPE_MESSAGE,
  LocationsFileError,
  type Limits,
  type LocationsFileErrorCode,
} from './refusals.ts';
export type { ColumnKey } from './columns.ts';

export type ParsedLocationRow = RowExtras & {
  /** 1-based row number in the spreadsheet. */
  line: number;
  city?: string;
  state?: string;
  county?: string;
  zips: string[];
  slug?: string;
  displayName?: string;
};

export type ParseIssue = { line: number; reason: string };

export type ParseResult = {
  rows: ParsedLocationRow[];
  /** Rows that were not taken, each with why. */
  issues: ParseIssue[];
  /** The header text each recognised column was found under. */
  columns: Partial<Record<ColumnKey, string>>;
  /** Header texts of the columns nobody reads, in sheet order. */
  ignoredColumns: string[];
  /** The fact columns, in sheet order: each is a fact of its row's place. */
  factColumns: Array<Omit<FactColumn, 'col'>>;
  /** Rows taken, with something of them left out (a photo address that cannot be fetched). */
  notes: ParseIssue[];
};

export type LocationsFile = { filename: string; mimetype?: string; data: Buffer };

/** What the cell shows (formatted numbers and dates), cleaned. */
function cellText(cell: XLSX.CellObject | undefined): string {
  // An error cell (#DIV/0!, #REF!, or one with no value at all) holds no location.
  if (!cell || cell.t === 'e') return '';
  const formatted: unknown = XLSX.utils.format_cell(cell);
  const text = typeof formatted === 'string' ? formatted : '';
  return cleanText(readSheetText(text));
}

function isBlankRow(row: XLSX.CellObject[] | undefined): boolean {
  if (!row) return true;
  for (const cell of row) if (cellText(cell) !== '') return false;
  return true;
}

/** Visible sheets first: a hidden lookup sheet in front is not what the user means. */
function firstNonEmptySheet(workbook: XLSX.WorkBook): XLSX.WorkSheet | undefined {
  const hidden = (index: number) => Boolean(workbook.Workbook?.Sheets?.[index]?.Hidden);
  const names = workbook.SheetNames;
  const ordered = [
    ...names.filter((_, index) => !hidden(index)),
    ...names.filter((_, index) => hidden(index)),
  ];
  for (const name of ordered) {
    const sheet = workbook.Sheets[name];
    if (sheet?.['!data']?.some((row) => !isBlankRow(row))) return sheet;
  }
  return undefined;
}

type Header = {
  index: number;
  columns: Partial<Record<ColumnKey, string>>;
  positions: Array<[ColumnKey, number]>;
  ignoredColumns: string[];
  facts: FactColumn[];
};

function readHeader(row: XLSX.CellObject[], index: number): Header {
  const header: Header = { index, columns: {}, positions: [], ignoredColumns: [], facts: [] };
  for (let c = 0; c < row.length; c++) {
    const text = cellText(row[c]);
    if (!text) continue;
    const key = columnFor(text);
    // A second column of the same kind is ignored rather than merged; so are the export's
    // report columns (page URL, status, quality) and row ids. Every other column is a fact.
    if (key && header.columns[key] === undefined) {
      header.columns[key] = text;
      header.positions.push([key, c]);
    } else if (key || isNotFactColumn(text)) header.ignoredColumns.push(text);
    else header.facts.push({ name: text, key: factKey(text), col: c });
  }
  return header;
}

/** The first row naming a location column, among the first few non-empty rows. */
function findHeader(rows: XLSX.CellObject[][]): Header | undefined {
  let seen = 0;
  for (let r = 0; r < rows.length && seen < HEADER_SEARCH_ROWS; r++) {
    const row = rows[r];
    if (!row || isBlankRow(row)) continue;
    seen++;
    const header = readHeader(row, r);
    if (LOCATION_COLUMNS.some((key) => header.columns[key] !== undefined)) return header;
  }
  return undefined;
}

function quoteList(values: string[]): string {
  return values.map((value) => `"${value}"`).join(', ');
}

/** One data row: a clean row, an issue, or null when the row is blank. */
function readRow(
  row: XLSX.CellObject[],
  line: number,
  header: Header,
  notes: ParseIssue[],
): ParsedLocationRow | ParseIssue | null {
  const values: Partial<Record<ColumnKey, string>> = {};
  let blank = true;
  for (const [key, c] of header.positions) {
    const text = cellText(row[c]);
    if (!text) continue;
    values[key] = text;
    blank = false;
  }
  if (blank) return isBlankRow(row) ? null : { line, reason: 'No city or ZIP code' };

  // A row with a bad ZIP is left out whole, so what is imported is what the user meant.
  const { zips, invalid } = parseZips(values.zip ?? '');
  if (invalid.length === 1) return { line, reason: `Invalid ZIP code ${quoteList(invalid)}` };
  if (invalid.length > 1) return { line, reason: `Invalid ZIP codes ${quoteList(invalid)}` };
  if (!values.city && zips.length === 0) return { line, reason: 'No city or ZIP code' };

  const parsed: ParsedLocationRow = { line, zips };
  if (values.city) parsed.city = values.city;
  if (values.state) parsed.state = cleanState(values.state);
  if (values.county) parsed.county = values.county;
  if (values.slug) parsed.slug = values.slug;
  if (values.displayName) parsed.displayName = values.displayName;
  readExtras(parsed, values, header, (col) => cellText(row[col]), notes);
  return parsed;
}

/** Parses an uploaded locations spreadsheet, or throws LocationsFileError. */
export function parseLocationsFile(input: LocationsFile, limits?: Partial<Limits>): ParseResult {
  const limit: Limits = { ...DEFAULT_LIMITS, ...limits };
  const workbook = openWorkbook(input.filename, input.data, limit);
  const sheet = firstNonEmptySheet(workbook);
  if (!sheet) throw refuse.empty();

  // SheetJS read at most rowCap rows; reaching it (or a declared range beyond it) means the
  // sheet goes on, and the rest must not be dropped silently.
  const readRows = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']).e.r + 1 : 0;
  if (sheet['!fullref'] || readRows >= rowCap(limit)) throw refuse.rows(limit);

  const rows = sheet['!data'] ?? [];
  const header = findHeader(rows);
  if (!header || (header.columns.city === undefined && header.columns.zip === undefined)) {
    throw refuse.noColumns();
  }
  checkFactColumns(header.facts);

  const result: ParseResult = {
    rows: [],
    issues: [],
    columns: header.columns,
    ignoredColumns: header.ignoredColumns,
    factColumns: header.facts.map(({ name, key }) => ({ name, key })),
    notes: [],
  };
  let dataRows = 0;
  for (let r = header.index + 1; r < rows.length; r++) {
    const row = rows[r];
    if (!row) continue;
    const read = readRow(row, r + 1, header, result.notes);
    if (!read) continue;
    if (++dataRows > limit.maxRows) throw refuse.rows(limit);
    if ('reason' in read) result.issues.push(read);
    else result.rows.push(read);
  }
  if (dataRows === 0) throw refuse.noRows();
  return result;
}
