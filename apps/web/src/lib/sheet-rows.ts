import {
  offeredServices,
  serviceMatcher,
  SERVICE_SEPARATORS,
  SERVICES_HEADERS,
  type ProjectService,
  type TServicePagesSetting,
} from '@cityforge/shared';
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

/** The records of a CSV (a quoted field may hold commas, quotes and line breaks). */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endRecord = () => {
    record.push(field);
    if (record.some((cell) => cell.trim() !== '')) records.push(record);
    record = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') field += text[++i];
      else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += ch;
  }
  endRecord();
  return records;
}

/** As the locations reader compares headers: letters and digits, lower case, no accents. */
const headerKey = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
const SERVICES_KEYS = new Set(SERVICES_HEADERS.map(headerKey));

/**
 * Each data row's Services cell ('' when blank) of the chosen CSV files, or null when the
 * browser cannot read them (a workbook) or none of them has a Services column.
 */
export async function servicesCells(files: readonly File[]): Promise<string[] | null> {
  if (files.length === 0 || files.some((f) => extensionOf(f.name) !== '.csv')) return null;
  const cells: string[] = [];
  let found = false;
  for (const file of files) {
    const [header = [], ...rows] = csvRecords((await file.text()).replace(/^\uFEFF/, ''));
    const column = header.findIndex((h) => SERVICES_KEYS.has(headerKey(h)));
    if (column >= 0) found = true;
    for (const row of rows) cells.push(column >= 0 ? (row[column] ?? '') : '');
  }
  return found ? cells : null;
}

/** How many service-city pages these Services cells make under the project's setting. */
export function offeredPairs(
  cells: readonly string[],
  setting: TServicePagesSetting,
  services: ProjectService[],
): number {
  const match = serviceMatcher(services);
  let pairs = 0;
  for (const cell of cells) {
    const names = cell
      .split(SERVICE_SEPARATORS)
      .map((name) => name.trim())
      .filter(Boolean);
    pairs += offeredServices(setting, services, names, match).length;
  }
  return pairs;
}
