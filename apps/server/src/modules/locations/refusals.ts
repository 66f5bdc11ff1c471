import { MSG, UPLOAD_MAX_BYTES } from '@cityforge/shared';

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
  'type' | 'size' | 'rows' | 'bomb' | 'unreadable' | 'empty' | 'no_rows' | 'no_columns';

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
};
