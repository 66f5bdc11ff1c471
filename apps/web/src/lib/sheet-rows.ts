import { extensionOf } from './upload-files';

/**
 * Rows of a CSV under its header row: records that hold anything, counted the way a CSV is
 * read (a quoted field may hold commas and line breaks), so a row count can be shown before
 * the upload. Rows the server then refuses or merges make the real count smaller.
 */
export function csvDataRows(text: string): number {
  let records = 0;
  let filled = false;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++;
        else quoted = false;
      }
      continue;
    }
    if (ch === '"') {
      quoted = true;
      filled = true;
    } else if (ch === '\n' || ch === '\r') {
      if (filled) records++;
      filled = false;
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else if (ch !== ',' && ch !== ';' && ch !== ' ' && ch !== '\t' && ch !== '\uFEFF') {
      filled = true;
    }
  }
  if (filled) records++;
  return Math.max(0, records - 1);
}

/**
 * The data rows of the chosen files when the browser can count them (CSV files), else null:
 * an Excel workbook is read by the server only.
 */
export async function uploadRows(files: readonly File[]): Promise<number | null> {
  if (files.length === 0 || files.some((f) => extensionOf(f.name) !== '.csv')) return null;
  const counts = await Promise.all(files.map(async (f) => csvDataRows(await f.text())));
  return counts.reduce((sum, n) => sum + n, 0);
}
