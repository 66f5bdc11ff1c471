import { UPLOAD_MAX_BYTES } from '@cityforge/shared';
import { ReadFailed, readPublic, type ReadFailure } from '../../lib/public-read.ts';
import type { LocationsFile } from './spreadsheet.ts';

/** A linked sheet answers within this long, its whole body included, or the read fails. */
export const SHEET_FETCH_TIMEOUT_MS = 30_000;

/**
 * Why a linked sheet could not be read, in a sentence for the owner. `transient`: the host
 * failed us (unreachable, an error status, too slow) and a later read may work; otherwise
 * the address or what it answered will not do (not public, not found, too large).
 */
export class SheetReadFailed extends ReadFailed {}

const XLSX_TYPES = ['spreadsheetml', 'ms-excel', 'officedocument'];

/** The name the parser types the file by: the address's own extension, else its content type. */
function fileName(url: URL, contentType: string): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '').toLowerCase();
  if (/\.(csv|xlsx|xls)$/.test(last)) return last;
  if (XLSX_TYPES.some((t) => contentType.includes(t))) return 'sheet.xlsx';
  return 'sheet.csv';
}

/** Why a linked sheet could not be read, in a sentence for its owner. */
function sheetFailure(failure: ReadFailure, googleOffered: boolean): SheetReadFailed {
  switch (failure.kind) {
    case 'not-public':
      return new SheetReadFailed(`The sheet's address is refused: ${failure.reason}.`, false);
    case 'unreachable':
      return new SheetReadFailed(
        failure.timedOut
          ? 'The sheet could not be read: its server did not answer in time.'
          : 'The sheet could not be read: its server could not be reached.',
        true,
      );
    case 'status': {
      const { status } = failure;
      if (status !== 401 && status !== 403)
        return new SheetReadFailed(
          `The sheet could not be read (HTTP ${status}).`,
          failure.transient,
        );
      return new SheetReadFailed(
        googleOffered
          ? `The sheet could not be read (HTTP ${status}): it is not shared publicly. Share it as "Anyone with the link" or publish it, or connect Google on your profile.`
          : `The sheet could not be read (HTTP ${status}): it is not shared publicly. Share it as "Anyone with the link" or publish it.`,
        false,
      );
    }
    case 'unwanted':
      // A sheet is read whatever its content type says; the parser tells what it holds.
      return new SheetReadFailed(
        "The sheet's address answered something that is not a sheet.",
        false,
      );
    case 'too-large':
      return new SheetReadFailed(
        `The sheet is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB, the most an upload may be.`,
        false,
      );
  }
}

/**
 * Reads a linked sheet through the same guard as every address someone else names: public
 * addresses only (each redirect hop checked) unless trusted, at most an upload's size, within
 * a deadline. Answers it as an uploaded file, for the upload's parser.
 */
export async function fetchSheet(
  sourceUrl: string,
  opts: {
    trustedHosts: readonly string[];
    timeoutMs?: number;
    /** The owner could connect Google instead of sharing the sheet: the refusal says so. */
    googleOffered?: boolean;
  },
): Promise<LocationsFile> {
  const { body, headers } = await readPublic(
    sourceUrl,
    {
      trustedHosts: opts.trustedHosts,
      timeoutMs: opts.timeoutMs ?? SHEET_FETCH_TIMEOUT_MS,
      maxBytes: UPLOAD_MAX_BYTES,
    },
    (failure) => sheetFailure(failure, opts.googleOffered ?? false),
  );
  const contentType = String(headers['content-type'] ?? '').toLowerCase();
  return { filename: fileName(new URL(sourceUrl), contentType), data: body };
}
