/**
 * How the export writes a cell so that a spreadsheet never runs it as a formula (CSV injection:
 * a CSV cell starting with = + - or @ is one to Excel), while the upload reads back exactly the
 * value written. Both directions live here, side by side, because each undoes the other.
 *
 * - In a CSV, a value starting with one of those characters is written as ="value" (quotes
 *   doubled): a formula that is only a text literal, which Excel shows as the text itself, and
 *   which the upload has always unwrapped (exports write ZIP codes that way to keep their
 *   leading zeros).
 * - Excel refuses a text literal over 255 characters in a formula, so a longer one gets a
 *   leading apostrophe instead, the spreadsheet convention for "this is text".
 * - The upload drops one leading apostrophe before those characters. A value that really
 *   starts that way gets one more apostrophe on the way out, and one that really reads
 *   ="..." is wrapped once more, so every value survives the round trip as it was.
 * - An .xlsx cell is a string, never a formula: only those last two escapes apply.
 */

const TRIGGER = /^[=+\-@\t\r]/;
const MARKED = /^'+[=+\-@\t\r]/;
// CSV exports often write ZIP codes as ="02134" so that Excel keeps the leading zero; reading
// CSV raw leaves that wrapper on.
const TEXT_FORMULA = /^="(.*)"$/s;
const EXCEL_LITERAL_MAX = 255;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

const literal = (value: string) => `="${value.replaceAll('"', '""')}"`;

/** The value as the export writes it in a cell of the given format (before CSV quoting). */
export function sheetText(value: string, format: 'csv' | 'xlsx'): string {
  if (format === 'csv' && TRIGGER.test(value))
    return value.length <= EXCEL_LITERAL_MAX ? literal(value) : `'${value}`;
  if (TEXT_FORMULA.test(value)) return literal(value);
  if (MARKED.test(value)) return `'${value}`;
  return value;
}

/** The value as the export writes it in a CSV cell, quoted where RFC 4180 needs it. */
export function csvCell(value: string): string {
  const text = sheetText(value, 'csv');
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** What a cell holds as the upload reads it: a ="..." wrapper and a text mark undone. */
export function readSheetText(text: string): string {
  const wrapped = text.startsWith('="') ? TEXT_FORMULA.exec(text) : null;
  if (wrapped) return wrapped[1]!.replaceAll('""', '"');
  return MARKED.test(text) ? text.slice(1) : text;
}
