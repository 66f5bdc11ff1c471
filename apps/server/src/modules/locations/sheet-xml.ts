import { scanMarkup } from '@cityforge/shared/html';
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

// Linear: a literal prefix, then one class up to a literal suffix at the end of a bounded path.
const WORKSHEET_PART = /\/xl\/worksheets\/[^/]+\.xml$/i;
const DIGITS = /^\d+$/;

/** `x:row` and `row` are the same element: Excel writes no prefix, other tools do. */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/**
 * One SAX-style pass of the shared tokenizer in XML mode: linear in the part's size, where the
 * patterns it replaces searched to the end of the part once per `<row>` never closed.
 */
function scanWorksheet(xml: string): { closed: boolean; lastValueRow: number } {
  let last = 0;
  let implicit = 0;
  // Open rows, each with the highest row number open at its depth: a value inside nested rows
  // (malformed, but possible) counts for the highest of them, in constant time.
  const open: number[] = [];
  // Where the closing </worksheet> starts, while nothing but white space has come after it.
  let closedAt = -1;
  scanMarkup(
    xml,
    {
      openTag({ name, attrs, selfClosing }) {
        closedAt = -1;
        const local = localName(name);
        if (local === 'row') {
          const declared = attrs.get('r') ?? '';
          const row = DIGITS.test(declared) ? Number(declared) : implicit + 1;
          implicit = row;
          if (!selfClosing) open.push(Math.max(row, open.at(-1) ?? 0));
        } else if ((local === 'v' || local === 'is') && open.length) {
          // A value, an inline string or a formula's cached value: more than formatting.
          last = Math.max(last, open.at(-1)!);
        }
      },
      closeTag(name, offset) {
        const local = localName(name);
        if (local === 'row') open.pop();
        closedAt = local === 'worksheet' ? offset : -1;
      },
      text(start, end) {
        if (closedAt >= 0 && xml.slice(start, end).trim()) closedAt = -1;
      },
    },
    true,
  );
  return { closed: closedAt >= 0 && endsTag(xml, closedAt), lastValueRow: last };
}

/** The closing tag at `offset` has its `>` (the tokenizer reports `</worksheet` cut short too). */
function endsTag(xml: string, offset: number): boolean {
  const gt = xml.indexOf('>', offset);
  return gt >= 0 && xml.slice(gt + 1).trim() === '';
}

export function scanSheets(data: Buffer): SheetScan {
  const container = XLSX.CFB.read(data, { type: 'buffer' });
  let wellFormed = true;
  let lastValueRow = 0;
  container.FullPaths.forEach((fullPath: string, index: number) => {
    if (!WORKSHEET_PART.test(fullPath)) return;
    const content = container.FileIndex[index]?.content;
    const xml = content ? Buffer.from(content as Uint8Array).toString('utf8') : '';
    const sheet = scanWorksheet(xml);
    if (!sheet.closed) wellFormed = false;
    lastValueRow = Math.max(lastValueRow, sheet.lastValueRow);
  });
  return { wellFormed, lastValueRow };
}
