import { FACT_LIMITS, SERVICE_SEPARATORS } from '@cityforge/shared';
import { cleanText, type ColumnKey } from './columns.ts';
import { refuse } from './refusals.ts';

/**
 * A sheet's fact columns and the cells of its functional columns (Photo, Page title, Meta
 * description, Services): every column that is neither a place's nor a functional one is a
 * fact of its row's place, its header the fact's name as written. Pure string work.
 */

/** What a row carries beside its place: its facts and functional cells. */
export type RowExtras = {
  /** The row's fact cells, by the file's fact columns ('' where blank); absent when all are. */
  facts?: string[];
  photo?: string;
  pageTitle?: string;
  metaDescription?: string;
  services?: string[];
};

export type FactColumn = {
  /** The header as written, cleaned: the fact's name on the page. */
  name: string;
  /** What makes two headers one fact across uploads (factKey). */
  key: string;
  /** Its column in the sheet (0-based). */
  col: number;
};

const DIACRITICS = /\p{M}/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/**
 * "Jobs completed", "jobs  completed" and "Jobs-Completed" are one fact; letters of any
 * script count ("Precio", "価格"), accents and punctuation do not. A name of symbols alone is
 * its own key.
 */
export function factKey(name: string): string {
  const plain = name.normalize('NFKD').replace(DIACRITICS, '').toLowerCase();
  return plain.replace(NOT_WORD, ' ').trim() || cleanText(name);
}

const columnLetter = (col: number): string => {
  let letters = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};

/**
 * The fact columns of a header, checked against the limits: too many, a name too long, or two
 * columns that are one fact refuse the file, naming the columns.
 */
export function checkFactColumns(columns: FactColumn[]): FactColumn[] {
  if (columns.length > FACT_LIMITS.columns) throw refuse.factColumns(columns.map((c) => c.name));
  const seen = new Map<string, FactColumn>();
  for (const column of columns) {
    if ([...column.name].length > FACT_LIMITS.nameChars)
      throw refuse.factName(column.name, columnLetter(column.col));
    const twin = seen.get(column.key);
    if (twin)
      throw refuse.factTwice(
        twin.name,
        column.name,
        columnLetter(twin.col),
        columnLetter(column.col),
      );
    seen.set(column.key, column);
  }
  return columns;
}

/** Characters as a person counts them: an emoji is one. */
const charCount = (text: string) =>
  text.length <= FACT_LIMITS.valueChars ? text.length : [...text].length;

/**
 * A cell of a fact or functional column, cleaned like every cell and made storable (a lone
 * surrogate has no UTF-8 form); over FACT_LIMITS.valueChars, the file is refused naming the row.
 */
export function extraCell(text: string, line: number, header: string): string {
  if (!text) return '';
  const count = charCount(text);
  if (count > FACT_LIMITS.valueChars) throw refuse.cellTooLong(line, header, count);
  return text.isWellFormed() ? text : text.toWellFormed();
}

/** The services a cell names, comma or semicolon separated, each once (first spelling kept). */
export function parseServices(text: string, line: number, header: string): string[] {
  const seen = new Set<string>();
  const services: string[] = [];
  for (const part of text.split(SERVICE_SEPARATORS)) {
    const name = cleanText(part);
    if (!name || seen.has(name.toLowerCase())) continue;
    if ([...name].length > FACT_LIMITS.serviceChars)
      throw refuse.serviceTooLong(line, header, FACT_LIMITS.serviceChars);
    seen.add(name.toLowerCase());
    services.push(name);
  }
  if (services.length > FACT_LIMITS.services)
    throw refuse.tooManyServices(line, header, FACT_LIMITS.services);
  return services;
}

/**
 * Why a photo address cannot be fetched, judged from the text alone (an address's host is
 * checked when the upload is stored, and again on every connection): null when it may be.
 */
export function photoAddressProblem(text: string): string | null {
  const shown = text.length > 80 ? `${text.slice(0, 77)}...` : text;
  if (!URL.canParse(text)) return `Photo "${shown}" is not a web address; no photo was taken.`;
  const url = new URL(text);
  if (url.protocol !== 'https:')
    return `Photo "${shown}" is not an https:// address; no photo was taken.`;
  if (url.username || url.password)
    return `Photo "${shown}" carries a user name or password; no photo was taken.`;
  return null;
}

/**
 * A taken row's facts and functional cells onto `parsed` (`values` holds its cells of the
 * recognised columns, `cell` reads any other); a photo address that cannot be fetched is left
 * out with a note.
 */
export function readExtras(
  parsed: RowExtras & { line: number },
  values: Partial<Record<ColumnKey, string>>,
  header: { columns: Partial<Record<ColumnKey, string>>; facts: FactColumn[] },
  cell: (col: number) => string,
  notes: Array<{ line: number; reason: string }>,
) {
  const { line } = parsed;
  const extra = (key: ColumnKey) => extraCell(values[key] ?? '', line, header.columns[key] ?? '');
  const photo = extra('photo');
  const problem = photo ? photoAddressProblem(photo) : null;
  if (problem) notes.push({ line, reason: problem });
  else if (photo) parsed.photo = photo;
  const pageTitle = extra('pageTitle');
  if (pageTitle) parsed.pageTitle = pageTitle;
  const metaDescription = extra('metaDescription');
  if (metaDescription) parsed.metaDescription = metaDescription;
  const services = extra('services');
  if (services) parsed.services = parseServices(services, line, header.columns.services!);
  if (!header.facts.length) return;
  let any = false;
  const facts = header.facts.map(({ name, col }) => {
    const value = extraCell(cell(col), line, name);
    any ||= value !== '';
    return value;
  });
  if (any) parsed.facts = facts;
}
