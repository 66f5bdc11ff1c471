import * as XLSX from '@e965/xlsx';

/**
 * What the worksheets of an .xlsx really hold, read from their XML. SheetJS cannot be asked:
 * a part it fails to parse becomes an empty sheet, its row cap skips later rows without
 * saying so, and it takes the declared <dimension> on trust. Runs after the zip-bomb guard,
 * so the parts are bounded.
 */
export type SheetScan = {
  /** Every worksheet part is complete XML (ends with its closing tag). */
  wellFormed: boolean;
  /** The highest row number holding a value, over all worksheets (1-based; 0 when none). */
  lastValueRow: number;
};

const WORKSHEET_PART = /\/xl\/worksheets\/[^/]+\.xml$/i;
const CLOSED = /<\/(?:\w+:)?worksheet>\s*$/;
const ROW = /<(?:\w+:)?row\b([^>]*?)(\/?)>/g;
const ROW_NUMBER = /\br="(\d+)"/;
const ROW_END = /<\/(?:\w+:)?row>/g;
// A value, an inline string or a formula's cached value: what makes a row more than formatting.
const HAS_VALUE = /<(?:\w+:)?(?:v|is)\b/;

function lastValueRowOf(xml: string): number {
  let last = 0;
  let implicit = 0;
  for (const match of xml.matchAll(ROW)) {
    const declared = ROW_NUMBER.exec(match[1]!);
    const row = declared ? Number(declared[1]) : implicit + 1;
    implicit = row;
    if (match[2] === '/') continue;
    ROW_END.lastIndex = match.index + match[0].length;
    const end = ROW_END.exec(xml);
    const body = xml.slice(match.index + match[0].length, end ? end.index : xml.length);
    if (row > last && HAS_VALUE.test(body)) last = row;
  }
  return last;
}

export function scanSheets(data: Buffer): SheetScan {
  const container = XLSX.CFB.read(data, { type: 'buffer' });
  let wellFormed = true;
  let lastValueRow = 0;
  container.FullPaths.forEach((fullPath: string, index: number) => {
    if (!WORKSHEET_PART.test(fullPath)) return;
    const content = container.FileIndex[index]?.content;
    const xml = content ? Buffer.from(content as Uint8Array).toString('utf8') : '';
    if (!CLOSED.test(xml)) wellFormed = false;
    lastValueRow = Math.max(lastValueRow, lastValueRowOf(xml));
  });
  return { wellFormed, lastValueRow };
}
