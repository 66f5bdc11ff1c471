import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@cityforge/shared';

/** The MIME types browsers give spreadsheets; the extension check covers the rest. */
export const SPREADSHEET_TYPES = [
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

/** The file input's accept attribute: the extensions and their usual MIME types. */
export const SPREADSHEET_ACCEPT = [...UPLOAD_EXTENSIONS, ...SPREADSHEET_TYPES].join(',');

type FileLike = Pick<File, 'name' | 'type' | 'size'>;

/** The name's extension, lower-cased with its dot ('.csv'), or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * A spreadsheet is .csv, .xlsx or .xls by type or by extension. Browsers label CSV files
 * inconsistently (often no type at all), so either one is enough; the server checks content.
 */
export function isSpreadsheetFile(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  return (
    (SPREADSHEET_TYPES as readonly string[]).includes(type) ||
    (UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))
  );
}

/** The server refuses anything larger; saying so before sending saves the wait. */
export function isTooLarge(file: Pick<File, 'size'>): boolean {
  return file.size > UPLOAD_MAX_BYTES;
}

/** Same name and size: choosing a file twice (or dropping it again) lists it once. */
export function sameFile(a: FileLike, b: FileLike): boolean {
  return a.name === b.name && a.size === b.size;
}

export interface FileChoice<T extends FileLike> {
  /** The list after the choice: what was there plus the new acceptable files. */
  files: T[];
  wrongType: T[];
  tooLarge: T[];
}

/** Adds newly chosen files to a list, keeping out other types, oversized files and repeats. */
export function addFiles<T extends FileLike>(
  current: readonly T[],
  chosen: readonly T[],
  { multiple = true }: { multiple?: boolean } = {},
): FileChoice<T> {
  const wrongType = chosen.filter((f) => !isSpreadsheetFile(f));
  const tooLarge = chosen.filter((f) => isSpreadsheetFile(f) && isTooLarge(f));
  const fresh = chosen.filter((f) => isSpreadsheetFile(f) && !isTooLarge(f));
  if (!multiple) {
    // A single-file chooser: the newest acceptable file replaces the previous one.
    const last = fresh.at(-1);
    return { files: last ? [last] : [...current], wrongType, tooLarge };
  }
  const files = [...current];
  for (const file of fresh) if (!files.some((f) => sameFile(f, file))) files.push(file);
  return { files, wrongType, tooLarge };
}
