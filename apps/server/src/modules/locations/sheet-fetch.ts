import { UPLOAD_MAX_BYTES } from '@cityforge/shared';
import { fetchPublic, NotPublicError } from '../../lib/public-fetch.ts';
import type { LocationsFile } from './spreadsheet.ts';

/** A linked sheet answers within this long, its whole body included, or the read fails. */
export const SHEET_FETCH_TIMEOUT_MS = 30_000;

/**
 * Why a linked sheet could not be read, in a sentence for the owner. `transient`: the host
 * failed us (unreachable, an error status, too slow) and a later read may work; otherwise
 * the address or what it answered will not do (not public, not found, too large).
 */
export class SheetReadFailed extends Error {
  readonly transient: boolean;
  constructor(message: string, transient: boolean) {
    super(message);
    this.name = 'SheetReadFailed';
    this.transient = transient;
  }
}

const XLSX_TYPES = ['spreadsheetml', 'ms-excel', 'officedocument'];

/** The name the parser types the file by: the address's own extension, else its content type. */
function fileName(url: URL, contentType: string): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '').toLowerCase();
  if (/\.(csv|xlsx|xls)$/.test(last)) return last;
  if (XLSX_TYPES.some((t) => contentType.includes(t))) return 'sheet.xlsx';
  return 'sheet.csv';
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
  const signal = AbortSignal.timeout(opts.timeoutMs ?? SHEET_FETCH_TIMEOUT_MS);
  const unreachable = () =>
    new SheetReadFailed(
      signal.aborted
        ? 'The sheet could not be read: its server did not answer in time.'
        : 'The sheet could not be read: its server could not be reached.',
      true,
    );
  const res = await fetchPublic(sourceUrl, { signal, trustedHosts: opts.trustedHosts }).catch(
    (error: unknown) => {
      if (error instanceof NotPublicError)
        throw new SheetReadFailed(`The sheet's address is refused: ${error.message}.`, false);
      throw unreachable();
    },
  );
  const fail = (message: string, transient: boolean) => {
    res.destroy();
    return new SheetReadFailed(message, transient);
  };
  const status = res.statusCode ?? 0;
  if (status === 401 || status === 403)
    throw fail(
      opts.googleOffered
        ? `The sheet could not be read (HTTP ${status}): it is not shared publicly. Share it as "Anyone with the link" or publish it, or connect Google on your profile.`
        : `The sheet could not be read (HTTP ${status}): it is not shared publicly. Share it as "Anyone with the link" or publish it.`,
      false,
    );
  if (status < 200 || status >= 300)
    throw fail(`The sheet could not be read (HTTP ${status}).`, status >= 500 || status === 429);
  const tooBig = `The sheet is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB, the most an upload may be.`;
  if (Number(res.headers['content-length'] ?? 0) > UPLOAD_MAX_BYTES) throw fail(tooBig, false);
  // Counted as it arrives: a missing or false Content-Length cannot make us hold more.
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      received += chunk.byteLength;
      if (received > UPLOAD_MAX_BYTES) throw fail(tooBig, false);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof SheetReadFailed) throw error;
    throw unreachable();
  }
  const contentType = String(res.headers['content-type'] ?? '').toLowerCase();
  return { filename: fileName(new URL(sourceUrl), contentType), data: Buffer.concat(chunks) };
}
