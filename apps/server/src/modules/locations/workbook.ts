import * as XLSX from '@e965/xlsx';
import { columnFor, HEADER_SEARCH_ROWS } from './columns.ts';
import { LocationsFileError, refuse, type Limits } from './refusals.ts';
import { scanSheets } from './sheet-xml.ts';
import { inspectZip } from './zip-guard.ts';

/**
 * Opens an uploaded .csv, .xlsx or .xls with SheetJS, after deciding from extension and
 * content together that it is one, and after the zip-bomb guard for .xlsx.
 */

type FileKind = 'csv' | 'xlsx' | 'xls';

const KIND_BY_EXTENSION = new Map<string, FileKind>([
  ['csv', 'csv'],
  ['xlsx', 'xlsx'],
  ['xls', 'xls'],
]);

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
// Excel saves a password-protected .xlsx as an OLE2 container holding this stream.
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');
const PASSWORD_ERROR = /password|encrypt/i;

// Rows SheetJS reads beyond the row limit, for title and blank rows. A sheet that fills them
// all is longer than allowed, and the rest of it is never read.
const ROW_SLACK = 100;

/** How many rows SheetJS is asked to read. */
export function rowCap(limits: Limits): number {
  return limits.maxRows + ROW_SLACK;
}

function startsWith(data: Buffer, magic: Buffer): boolean {
  return data.length >= magic.length && data.subarray(0, magic.length).equals(magic);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
// Excel on Windows saves "CSV" in the ANSI code page; every byte means something there.
const windows1252 = new TextDecoder('windows-1252');

/**
 * The text of a CSV, or null when the bytes are not text. NUL bytes mean binary (or UTF-16,
 * which is out of scope); a scattering of other control characters is tolerated, a binary's
 * worth is not.
 */
function decodeText(data: Buffer): string | null {
  const bytes = startsWith(data, UTF8_BOM) ? data.subarray(UTF8_BOM.length) : data;
  let controls = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0) return null;
    // Tab, line feed, vertical tab, form feed, carriage return and DOS end-of-file are text.
    if (byte < 0x20 && (byte < 0x09 || byte > 0x0d) && byte !== 0x1a) controls++;
  }
  if (controls * 100 > bytes.length) return null;
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}

const CSV_SEPARATORS = [',', ';', '\t', '|'];
const LINE_BREAK = /\r\n|\r|\n/;
const SURROUNDING_QUOTES = /^"|"$/g;

function isColumnName(cell: string): boolean {
  return columnFor(cell.trim().replace(SURROUNDING_QUOTES, '')) !== undefined;
}

/**
 * The separator that splits the header into the most recognised column names (comma on a
 * tie). SheetJS would guess by counting characters, which a column of "02134; 02135" can sway.
 */
function guessSeparator(text: string): string {
  const lines = text
    .slice(0, 64 * 1024)
    .split(LINE_BREAK)
    .filter((line) => line.trim() !== '')
    .slice(0, HEADER_SEARCH_ROWS);
  let best = CSV_SEPARATORS[0]!;
  let bestScore = 0;
  for (const separator of CSV_SEPARATORS) {
    for (const line of lines) {
      const score = line.split(separator).filter(isColumnName).length;
      if (score > bestScore) [best, bestScore] = [separator, score];
    }
  }
  return best;
}

/** The sheet's range as far as rows were read, not as far as its <dimension> claims. */
function toReadRange(sheet: XLSX.WorkSheet) {
  delete sheet['!fullref'];
  if (!sheet['!ref']) return;
  const range = XLSX.utils.decode_range(sheet['!ref']);
  range.e.r = Math.max(range.s.r, (sheet['!data']?.length ?? 0) - 1);
  sheet['!ref'] = XLSX.utils.encode_range(range);
}

function read(kind: FileKind, data: Buffer, limits: Limits): XLSX.WorkBook {
  // No formulas (cached values are what the user sees, and nothing external is ever
  // fetched), no styles, no macros, no HTML; dense sheets are faster and give rows by index.
  const options: XLSX.ParsingOptions = {
    dense: true,
    sheetRows: rowCap(limits),
    cellFormula: false,
    cellHTML: false,
    cellNF: false,
    cellStyles: false,
    cellDates: false,
    bookVBA: false,
    bookDeps: false,
    bookFiles: false,
  };
  if (kind === 'csv') {
    const text = decodeText(data);
    if (text === null) throw refuse.type();
    if (text.trim() === '') throw refuse.empty();
    // The "sep=" line (an Excel convention SheetJS honours) both fixes the separator and keeps
    // SheetJS from sniffing the text as HTML, SYLK or DIF because of how it starts. It is not
    // a row, so row numbers are unchanged. raw keeps "02134" and "1/5/20" as written.
    const source = text.startsWith('sep=') ? text : `sep=${guessSeparator(text)}\n${text}`;
    return XLSX.read(source, { ...options, type: 'string', raw: true });
  }
  if (kind === 'xlsx') {
    const verdict = inspectZip(data, limits);
    if (verdict === 'malformed') throw refuse.unreadable();
    if (verdict === 'too_large') throw refuse.expanded(limits);
    if (verdict === 'too_compressed') throw refuse.compressed(limits);
  }
  const scan = kind === 'xlsx' ? scanSheets(data) : null;
  if (scan && !scan.wellFormed) throw refuse.unreadable();
  if (scan && scan.lastValueRow > rowCap(limits)) throw refuse.rows(limits);
  const workbook = XLSX.read(data, { ...options, type: 'buffer' });
  // SheetJS leaves out a sheet it fails to parse (a missing or broken part, a bad shared-string
  // index) instead of throwing: that is an unreadable file, not an empty one.
  if (!workbook.SheetNames.length || workbook.SheetNames.some((name) => !workbook.Sheets[name]))
    throw refuse.unreadable();
  // The scan has counted the rows that hold values; a declared range beyond them is not data.
  if (scan) for (const name of workbook.SheetNames) toReadRange(workbook.Sheets[name]!);
  return workbook;
}

/**
 * The workbook in an upload, or a LocationsFileError. `mimetype` plays no part: browsers
 * label CSV files application/vnd.ms-excel, text/plain or application/octet-stream depending
 * on the machine.
 */
export function openWorkbook(filename: string, data: Buffer, limits: Limits): XLSX.WorkBook {
  const dot = filename.lastIndexOf('.');
  const kind = dot < 0 ? undefined : KIND_BY_EXTENSION.get(filename.slice(dot + 1).toLowerCase());
  if (!kind) throw refuse.type();
  if (data.length > limits.maxFileBytes) throw refuse.size(limits);
  if (data.length === 0) throw refuse.empty();
  const isOle2 = startsWith(data, OLE2_MAGIC);
  const contentKind: FileKind = startsWith(data, ZIP_MAGIC) ? 'xlsx' : isOle2 ? 'xls' : 'csv';
  if (kind === 'xlsx' && isOle2 && data.includes(ENCRYPTED_PACKAGE)) throw refuse.password();
  if (contentKind !== kind) throw refuse.type();
  try {
    return read(kind, data, limits);
  } catch (error) {
    if (error instanceof LocationsFileError) throw error;
    const locked = error instanceof Error && PASSWORD_ERROR.test(error.message);
    throw locked ? refuse.password() : refuse.unreadable();
  }
}
