import { FACT_LIMITS, MSG, UPLOAD_MAX_BYTES } from '@cityforge/shared';

/**
 * The limits an uploaded locations file must keep to, and the ways a whole file is refused.
 * Each refusal has its own code, so a route can answer 400, 413 or 415, and its own message,
 * written for the person who uploaded the file.
 */

export type Limits = {
  /** Largest upload, in bytes. */
  maxFileBytes: number;
  /** Most non-empty rows under the header. */
  maxRows: number;
  /** Most bytes an .xlsx may unpack to, all its parts together. */
  maxExpandedBytes: number;
  /** Most any part of an .xlsx may unpack to, as a multiple of its packed size. */
  maxCompressionRatio: number;
};

const KB = 1024;
const MB = 1024 * KB;

export const DEFAULT_LIMITS: Readonly<Limits> = {
  maxFileBytes: UPLOAD_MAX_BYTES,
  maxRows: 50_000,
  maxExpandedBytes: 100 * MB,
  maxCompressionRatio: 200,
};

export type LocationsFileErrorCode =
  'type' | 'size' | 'rows' | 'bomb' | 'unreadable' | 'empty' | 'no_rows' | 'no_columns' | 'facts';

export class LocationsFileError extends Error {
  readonly code: LocationsFileErrorCode;
  constructor(code: LocationsFileErrorCode, message: string) {
    super(message);
    this.name = 'LocationsFileError';
    this.code = code;
  }
}

export const INVALID_FILE_TYPE_MESSAGE = MSG.invalidFileType;

function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= KB) return `${Number((bytes / KB).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

const count = (n: number) => n.toLocaleString('en-US');
const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

const fail = (code: LocationsFileErrorCode, message: string) =>
  new LocationsFileError(code, message);

export const refuse = {
  type: () => fail('type', INVALID_FILE_TYPE_MESSAGE),
  size: (limits: Limits) =>
    fail('size', `The file is larger than ${formatBytes(limits.maxFileBytes)}.`),
  rows: (limits: Limits) =>
    fail('rows', `The file has more than ${limits.maxRows.toLocaleString('en-US')} rows.`),
  expanded: (limits: Limits) =>
    fail(
      'bomb',
      `The spreadsheet expands to more than ${formatBytes(limits.maxExpandedBytes)} when opened, which is not allowed.`,
    ),
  compressed: (limits: Limits) =>
    fail(
      'bomb',
      `The spreadsheet expands to more than ${limits.maxCompressionRatio} times its size when opened, which is not allowed.`,
    ),
  unreadable: () => fail('unreadable', 'The file could not be read as a spreadsheet.'),
  password: () =>
    fail('unreadable', 'The file is password-protected. Remove the password and upload it again.'),
  empty: () => fail('empty', 'The file is empty.'),
  noRows: () => fail('no_rows', 'The spreadsheet has no rows under its header.'),
  noColumns: () =>
    fail(
      'no_columns',
      'No column for city or ZIP code was found. Name a column City, State, County or ZIP.',
    ),
  // A sheet's extra columns are facts (fact-columns.ts): past these limits the file is
  // refused whole, so nothing half-imported has to be found and put right.
  factColumns: (names: string[]) =>
    fail(
      'facts',
      `The file has ${count(names.length)} fact columns; at most ${FACT_LIMITS.columns} can be read ` +
        `(past the ${FACT_LIMITS.columns}th: ${quoted(names.slice(FACT_LIMITS.columns, FACT_LIMITS.columns + 10))}` +
        `${names.length > FACT_LIMITS.columns + 10 ? ', ...' : ''}). Remove or combine columns and upload it again.`,
    ),
  factName: (name: string, letter: string) =>
    fail(
      'facts',
      `The header of column ${letter} ("${[...name].slice(0, 40).join('')}...") is longer than ${FACT_LIMITS.nameChars} characters; a fact's name must be shorter.`,
    ),
  factTwice: (first: string, second: string, a: string, b: string) =>
    fail(
      'facts',
      first === second
        ? `Columns ${a} and ${b} are both named "${first}"; give each fact column its own name.`
        : `Columns ${a} ("${first}") and ${b} ("${second}") name the same fact; give each fact column its own name.`,
    ),
  cellTooLong: (line: number, header: string, chars: number) =>
    fail(
      'facts',
      `Row ${line}: "${header}" has ${count(chars)} characters; a cell may hold at most ${count(FACT_LIMITS.valueChars)}.`,
    ),
  serviceTooLong: (line: number, header: string, max: number) =>
    fail('facts', `Row ${line}: a service in "${header}" is longer than ${max} characters.`),
  tooManyServices: (line: number, header: string, max: number) =>
    fail('facts', `Row ${line}: "${header}" names more than ${max} services.`),
};
