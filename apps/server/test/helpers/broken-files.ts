import { constants, crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { FIFTY_CITIES, spreadsheet, type Sheet, type UploadFile } from './locations.ts';
import { rng, type Rng } from '@cityforge/fakes/random';
import { zipOf, type ZipPart } from './zip.ts';

/**
 * Generators of broken locations files for the upload fuzz test. Everything is derived from
 * a seeded PRNG, so a run is the same every time and a failing case can be rebuilt from its
 * name. Each case says what answer is acceptable; the test checks the rest (no 5xx, nothing
 * half-imported, no invented cities, a known message).
 */

// ---------------------------------------------------------------------------------------
// What a case expects

/**
 * `refused`: a 4xx with one of the upload's own refusal messages (optionally only some
 * statuses); `accepted`: a 201; `either`: a 201 or such a refusal.
 */
export type Verdict = (
  | { kind: 'refused'; statuses?: number[]; message?: string | RegExp }
  | { kind: 'accepted' }
  | { kind: 'either' }
) & {
  /** Refusal messages that would be untrue for this file (a broken workbook is not empty). */
  untrue?: string[];
};

export type CityExpectation = {
  /** Exactly these cities ("Name, ST") are added by the upload (when it succeeds). */
  exactly?: string[];
  /** None of these may be added: what a formula would give if it were evaluated. */
  never?: string[];
  /** The names stored for the added cities, exactly (display names are kept as written). */
  names?: string[];
  /** Spreadsheet lines that must be reported as skipped or ambiguous. */
  reported?: number[];
  /** No stored name may match: what an expanded entity or a fetched file would put there. */
  forbidden?: RegExp;
};

export type FuzzCase = {
  /** Unique within the run, short: family/generator#n. */
  name: string;
  /** How the bytes were made, for the report of a failure. */
  recipe: string;
  files: UploadFile[];
  verdict: Verdict;
  cities?: CityExpectation;
};

const refused = (statuses?: number[], message?: string | RegExp): Verdict => ({
  kind: 'refused',
  ...(statuses ? { statuses } : {}),
  ...(message ? { message } : {}),
});
const EITHER: Verdict = { kind: 'either' };
const ACCEPTED: Verdict = { kind: 'accepted' };

// ---------------------------------------------------------------------------------------
// Valid bases

export const HEADER = ['City', 'State', 'County', 'ZIP'];

/** Cities whose names are unique enough that a row resolves on its own (no Springfield). */
const PLAIN_CITIES = FIFTY_CITIES.filter(([city]) => city !== 'Springfield');

/** A few rows of real places, chosen by the PRNG. */
export function baseRows(r: Rng, count: number): Array<[string, string, string, string]> {
  const pool = [...PLAIN_CITIES];
  const rows: Array<[string, string, string, string]> = [];
  for (let i = 0; i < count && pool.length; i++) rows.push(pool.splice(r.int(pool.length), 1)[0]!);
  return rows;
}

/** A valid file of each format: ZIPs as text in CSV, as numbers in Excel files. */
export function baseFile(format: 'csv' | 'xlsx' | 'xls', rows: string[][], name = 'areas') {
  const sheet: Sheet =
    format === 'csv'
      ? [HEADER, ...rows]
      : [HEADER, ...rows.map(([c, s, k, z]) => [c, s, k, Number(z)])];
  return spreadsheet(format, sheet, name);
}

const label = (row: string[]) => `${row[0]}, ${row[1]}`;

const short = (text: string, n = 60) => (text.length > n ? `${text.slice(0, n)}…` : text);

/** A cell as the upload cleans it: runs of whitespace as one space, trimmed. */
const cleanText = (text: string) => text.replace(/\s+/g, ' ').trim();

/** An Excel file of any SheetJS book type, cells as SheetJS cell objects where needed. */
function excelFile(bookType: 'biff8' | 'biff5' | 'xlsx', rows: Sheet): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Areas');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

// ---------------------------------------------------------------------------------------
// Zip containers by hand

/** One part of a hand-made archive, with every field that a broken archive may get wrong. */
export type RawEntry = {
  name: string | Buffer;
  /** The bytes as stored in the archive (already deflated when method is 8). */
  data: Buffer;
  method?: number;
  flags?: number;
  crc?: number;
  /** Uncompressed size in the local header and in the central directory. */
  localSize?: number;
  /** The local header's CRC and packed size, when they differ from the central directory's. */
  localCrc?: number;
  localCompressedSize?: number;
  centralSize?: number;
  compressedSize?: number;
  localExtra?: Buffer;
  centralExtra?: Buffer;
  /** Point the central entry at another entry's local header (index into entries). */
  sharesLocalOf?: number;
  /** The name written in the central directory, when it differs from the local one. */
  centralName?: string;
  /** Follow the data with a data descriptor (signature, CRC, sizes), as streaming writers do. */
  descriptor?: { crc: number; compressed: number; size: number };
};

/** A ZIP archive written field by field; `deflated` helps fill `data`. */
export function rawZip(
  entries: RawEntry[],
  opts: { comment?: Buffer; count?: number; directoryOffset?: number } = {},
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.isBuffer(entry.name) ? entry.name : Buffer.from(entry.name);
    const method = entry.method ?? 8;
    const size = entry.localSize ?? entry.data.length;
    const localExtra = entry.localExtra ?? Buffer.alloc(0);
    const compressed = entry.compressedSize ?? entry.data.length;
    const crc = entry.crc ?? 0;
    let localOffset = offset;
    if (entry.sharesLocalOf !== undefined) localOffset = offsets[entry.sharesLocalOf]!;
    else {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(entry.flags ?? 0, 6);
      local.writeUInt16LE(method, 8);
      local.writeUInt16LE(0x21, 12);
      local.writeUInt32LE(entry.localCrc ?? crc, 14);
      local.writeUInt32LE(entry.localCompressedSize ?? compressed, 18);
      local.writeUInt32LE(size, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(localExtra.length, 28);
      const descriptor = Buffer.alloc(entry.descriptor ? 16 : 0);
      if (entry.descriptor) {
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.descriptor.crc, 4);
        descriptor.writeUInt32LE(entry.descriptor.compressed, 8);
        descriptor.writeUInt32LE(entry.descriptor.size, 12);
      }
      locals.push(local, name, localExtra, entry.data, descriptor);
      offset +=
        local.length + name.length + localExtra.length + entry.data.length + descriptor.length;
    }
    offsets.push(localOffset);
    const centralName = entry.centralName ? Buffer.from(entry.centralName) : name;
    const centralExtra = entry.centralExtra ?? Buffer.alloc(0);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.flags ?? 0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed, 20);
    central.writeUInt32LE(entry.centralSize ?? size, 24);
    central.writeUInt16LE(centralName.length, 28);
    central.writeUInt16LE(centralExtra.length, 30);
    central.writeUInt32LE(localOffset, 42);
    centrals.push(central, centralName, centralExtra);
  }
  const directory = Buffer.concat(centrals);
  const comment = opts.comment ?? Buffer.alloc(0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(opts.count ?? entries.length, 8);
  end.writeUInt16LE(opts.count ?? entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(opts.directoryOffset ?? offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([...locals, directory, end, comment]);
}

/** An entry holding `content` deflated, with honest headers unless told otherwise. */
export function deflated(name: string, content: Buffer, lie: Partial<RawEntry> = {}): RawEntry {
  return {
    name,
    data: deflateRawSync(content),
    method: 8,
    crc: crc32(content),
    localSize: content.length,
    ...lie,
  };
}

/**
 * A raw deflate stream of `mb` MiB of zeros, built from one flushed 1 MiB block repeated, so
 * that making a 150 MB bomb never holds 150 MB. Deflate blocks only refer back into the last
 * 32 KB, which are zeros in every copy, so the copies chain into one valid stream.
 */
export function zerosDeflated(mb: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  // 0x03 0x00: a final, empty block with fixed Huffman codes.
  return Buffer.concat([...Array.from({ length: mb }, () => block), Buffer.from([0x03, 0x00])]);
}

// ---------------------------------------------------------------------------------------
// A minimal workbook, part by part

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export type WorkbookOptions = {
  /** The <dimension ref> of the sheet: computed when undefined, left out when null. */
  dimension?: string | null;
  /** The count and uniqueCount attributes of the shared strings table. */
  sstCount?: string;
  sstUniqueCount?: string;
  /** Raw XML appended inside <sheetData> after the rows. */
  extraRows?: string;
  /** Raw XML cells appended to the last row. */
  extraCells?: string;
  /** Raw XML cells appended to the first row (the header). */
  headerCells?: string;
  /** Text inserted after the XML declaration of sharedStrings.xml (a DTD, say). */
  sstPrologue?: string;
  /** Replaces the shared string with this text by raw XML (not escaped). */
  sstRaw?: Record<string, string>;
};

/** A workbook of one sheet, every cell a shared string, as the smallest valid set of parts. */
export function workbookParts(rows: string[][], opts: WorkbookOptions = {}): ZipPart[] {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const sheetRows = rows.map((row, r) => {
    const cells = row.map((value, c) => {
      if (value === '') return '';
      let i = indexOf.get(value);
      if (i === undefined) {
        i = strings.push(value) - 1;
        indexOf.set(value, i);
      }
      return `<c r="${columnName(c)}${r + 1}" t="s"><v>${i}</v></c>`;
    });
    const extra =
      (r === 0 ? (opts.headerCells ?? '') : '') +
      (r === rows.length - 1 ? (opts.extraCells ?? '') : '');
    return `<row r="${r + 1}">${cells.join('')}${extra}</row>`;
  });
  const width = Math.max(1, ...rows.map((row) => row.length));
  const dimension =
    opts.dimension === undefined
      ? `<dimension ref="A1:${columnName(width - 1)}${rows.length}"/>`
      : opts.dimension === null
        ? ''
        : `<dimension ref="${opts.dimension}"/>`;
  const sheet = `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">${dimension}<sheetData>${sheetRows.join('')}${opts.extraRows ?? ''}</sheetData></worksheet>`;
  const count = opts.sstCount ?? String(strings.length);
  const unique = opts.sstUniqueCount ?? String(strings.length);
  const items = strings.map((s) => `<si><t>${opts.sstRaw?.[s] ?? escapeXml(s)}</t></si>`);
  const sst = `${XML_DECL}${opts.sstPrologue ?? ''}<sst xmlns="${MAIN_NS}" count="${count}" uniqueCount="${unique}">${items.join('')}</sst>`;
  const type = (part: string) =>
    `application/vnd.openxmlformats-officedocument.spreadsheetml.${part}+xml`;
  return [
    {
      name: '[Content_Types].xml',
      content: Buffer.from(
        `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${type('sheet.main')}"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${type('worksheet')}"/><Override PartName="/xl/sharedStrings.xml" ContentType="${type('sharedStrings')}"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      content: Buffer.from(
        `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      content: Buffer.from(
        `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Areas" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: Buffer.from(
        `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', content: Buffer.from(sheet) },
    { name: 'xl/sharedStrings.xml', content: Buffer.from(sst) },
  ];
}

const xlsxFile = (data: Buffer, name = 'areas.xlsx'): UploadFile => ({ name, data });

// ---------------------------------------------------------------------------------------
// Byte-level mutations

/** `data` cut at a random offset inside it (never empty, never whole). */
export function truncate(r: Rng, data: Buffer): { data: Buffer; at: number } {
  const at = r.between(1, data.length - 1);
  return { data: data.subarray(0, at), at };
}

/** A copy of `data` with a few random bytes replaced, never the first four (the magic). */
export function flip(r: Rng, data: Buffer, count: number): { data: Buffer; at: number[] } {
  const copy = Buffer.from(data);
  const at: number[] = [];
  for (let i = 0; i < count; i++) {
    const offset = r.between(4, copy.length - 1);
    copy[offset] = copy[offset]! ^ r.between(1, 255);
    at.push(offset);
  }
  return { data: copy, at: at.sort((a, b) => a - b) };
}

// ---------------------------------------------------------------------------------------
// Families

const FORMATS = ['csv', 'xlsx', 'xls'] as const;

/** Valid files cut short at random offsets. */
export function truncatedFiles(seed: number, perFormat: number): FuzzCase[] {
  const r = rng(seed);
  const cases: FuzzCase[] = [];
  for (const format of FORMATS) {
    for (let i = 0; i < perFormat; i++) {
      const rows = baseRows(r, r.between(3, 10));
      const file = baseFile(format, rows);
      const { data, at } = truncate(r, file.data);
      cases.push({
        name: `truncated/${format}#${i}`,
        recipe: `valid ${format} of ${rows.length} rows (${file.data.length} bytes) cut at byte ${at}`,
        files: [{ name: file.name, data }],
        // A ZIP without its end record is never a workbook; a cut CSV may still hold rows.
        verdict: format === 'xlsx' ? refused([400]) : EITHER,
      });
    }
  }
  return cases;
}

/** Valid files with a few random bytes changed. */
export function flippedFiles(seed: number, perFormat: number): FuzzCase[] {
  const r = rng(seed);
  const cases: FuzzCase[] = [];
  for (const format of FORMATS) {
    for (let i = 0; i < perFormat; i++) {
      const rows = baseRows(r, r.between(3, 10));
      const file = baseFile(format, rows);
      const count = r.pick([1, 1, 2, 4, 16, 64]);
      const { data, at } = flip(r, file.data, count);
      cases.push({
        name: `flipped/${format}#${i}`,
        recipe: `valid ${format} of ${rows.length} rows (${file.data.length} bytes), ${count} byte(s) xor-ed at ${at.join(',')}`,
        files: [{ name: file.name, data }],
        verdict: EITHER,
      });
    }
  }
  return cases;
}

const FOREIGN: Array<[what: string, bytes: Buffer]> = [
  ['PNG', Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')],
  [
    'PDF',
    Buffer.from(
      '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nstream\n\0\0',
      'latin1',
    ),
  ],
  ['ELF', Buffer.from('7f454c4602010100000000000000000002003e00', 'hex')],
  ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1')],
  ['JPEG', Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex')],
  ['gzip', Buffer.from('1f8b0800000000000003', 'hex')],
  ['Windows EXE', Buffer.from('4d5a90000300000004000000ffff0000b8000000', 'hex')],
  ['UTF-16LE text', Buffer.from('\ufeffCity,ZIP\nAustin,78701\n', 'utf16le')],
  ['a NUL byte', Buffer.from([0])],
];

const NAMES = ['areas.csv', 'areas.xlsx', 'areas.xls'] as const;
const MIMES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/octet-stream',
  'image/png',
  'application/pdf',
  'text/html',
  '',
];

/** Foreign headers, swapped containers, empty files, odd names and lying MIME types. */
export function wrongTypeFiles(seed: number): FuzzCase[] {
  const r = rng(seed);
  const cases: FuzzCase[] = [];
  const type = refused([415]);
  for (const [what, header] of FOREIGN) {
    for (const name of NAMES) {
      // The header alone, and the header followed by noise.
      for (const tail of [0, 256]) {
        const data = Buffer.concat([header, r.bytes(tail)]);
        const mime = r.pick(MIMES);
        cases.push({
          name: `magic/${what.replace(/\W+/g, '-')}-as-${name}${tail ? '+noise' : ''}`,
          recipe: `${what} header (${header.length} bytes)${tail ? ` + ${tail} random bytes` : ''} named ${name}, sent as "${mime}"`,
          files: [{ name, data, type: mime }],
          verdict: type,
        });
      }
    }
  }
  for (const name of NAMES) {
    cases.push({
      name: `magic/empty-as-${name}`,
      recipe: `0 bytes named ${name}`,
      files: [{ name, data: Buffer.alloc(0), type: 'text/csv' }],
      verdict: refused([400], 'The file is empty.'),
    });
  }

  // Real spreadsheets under another format's name, with each MIME type.
  const rows = baseRows(r, 5);
  const valid = Object.fromEntries(FORMATS.map((f) => [f, baseFile(f, rows)])) as Record<
    (typeof FORMATS)[number],
    UploadFile
  >;
  for (const content of FORMATS) {
    for (const named of FORMATS) {
      if (content === named) continue;
      cases.push({
        name: `magic/${content}-named-.${named}`,
        recipe: `valid ${content} of 5 rows named areas.${named}`,
        files: [{ name: `areas.${named}`, data: valid[content].data, type: r.pick(MIMES) }],
        verdict: type,
      });
    }
  }
  // The browser's MIME type is ignored: a valid file is taken whatever it says.
  for (const format of FORMATS) {
    for (const mime of MIMES) {
      cases.push({
        name: `mime/${format}-as-${mime || 'none'}`,
        recipe: `valid ${format} of 5 rows sent as "${mime}"`,
        files: [{ ...valid[format], type: mime }],
        verdict: ACCEPTED,
        cities: { exactly: rows.map(label) },
      });
    }
  }
  // Names: only the extension counts, in any case; the rest is the user's business.
  const odd: Array<[string, (typeof FORMATS)[number] | null]> = [
    ['AREAS.CSV', 'csv'],
    ['areas.XlSx', 'xlsx'],
    ['areas.csv.exe', null],
    ['areas.xlsx.csv', 'csv'],
    ['areas', null],
    ['areas.', null],
    ['.csv', 'csv'],
    ['areas.txt', null],
    ['areas.xlsm', null],
    ['areas.ods', null],
    ['../../../../etc/areas.csv', 'csv'],
    ['C:\\Users\\me\\areas.csv', 'csv'],
    ['ä😀\u202eareas.csv', 'csv'],
    [`${'x'.repeat(900)}.csv`, 'csv'],
    ['areas.csv\u0000.xlsx', 'xlsx'],
  ];
  for (const [name, works] of odd) {
    const content = works ?? 'csv';
    cases.push({
      name: `name/${JSON.stringify(name.length > 40 ? `${name.slice(0, 12)}…(${name.length})` : name)}`,
      recipe: `valid ${content} of 5 rows named ${JSON.stringify(name)}`,
      files: [{ name, data: valid[content].data, type: 'application/octet-stream' }],
      verdict: works ? EITHER : type,
      ...(works ? { cities: { exactly: rows.map(label) } } : {}),
    });
  }
  return cases;
}

/** A broken .xlsx built from the minimal workbook's parts. */
function xlsxCase(
  name: string,
  recipe: string,
  parts: ZipPart[],
  verdict: Verdict,
  cities: CityExpectation = {},
): FuzzCase {
  return { name: `xlsx/${name}`, recipe, files: [xlsxFile(zipOf(parts))], verdict, cities };
}

const EMPTY_MESSAGE = 'The file is empty.';

/**
 * Workbooks with parts missing, malformed XML, lying dimensions and counts, odd cells and
 * entries. Every one of them holds rows, so "The file is empty." is never the true answer:
 * a workbook that cannot be read says so.
 */
export function brokenWorkbooks(seed: number): FuzzCase[] {
  const r = rng(seed);
  const rows = baseRows(r, 6);
  const table = [HEADER, ...rows];
  const all = rows.map(label);
  const good = workbookParts(table);
  const broken: Verdict = { kind: 'either', untrue: [EMPTY_MESSAGE] };
  const cases: FuzzCase[] = [
    xlsxCase('control', 'the minimal six-part workbook, unbroken', good, ACCEPTED, {
      exactly: all,
    }),
  ];
  const without = (drop: string) => good.filter((p) => p.name !== drop);
  for (const part of good) {
    cases.push(
      xlsxCase(
        `missing-${part.name}`,
        `minimal workbook without ${part.name}`,
        without(part.name),
        broken,
        { exactly: all },
      ),
    );
  }
  cases.push(
    xlsxCase(
      'missing-workbook-and-sheet',
      'minimal workbook without xl/workbook.xml and xl/worksheets/sheet1.xml',
      good.filter((p) => !p.name.startsWith('xl/w')),
      refused([400]),
    ),
  );

  // Malformed XML, in each part.
  const breakers: Array<[string, (xml: string) => string]> = [
    ['cut-in-half', (xml) => xml.slice(0, Math.floor(xml.length / 2))],
    ['unclosed-tag', (xml) => xml.replace(/<\/(\w+)>/, '<$1>')],
    ['stray-lt', (xml) => xml.replace('><', '><<')],
    ['bad-entity', (xml) => xml.replace('><', '>&nosuch;<')],
    ['not-xml', () => 'this is not XML at all'],
    ['empty', () => ''],
    ['nul-bytes', (xml) => xml.replace('><', '>\0\0\0<')],
    ['utf16-declared', (xml) => xml.replace('UTF-8', 'UTF-16')],
    [
      'deep-nesting',
      (xml) => xml.replace('><', `>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}<`),
    ],
    ['random-slice', (xml) => xml.slice(r.int(xml.length))],
  ];
  for (const part of good) {
    for (const [how, breakXml] of breakers) {
      const parts = good.map((p) =>
        p.name === part.name
          ? { name: p.name, content: Buffer.from(breakXml(p.content.toString())) }
          : p,
      );
      const changed = parts.find((p) => p.name === part.name)!.content;
      cases.push(
        xlsxCase(
          `xml-${how}-in-${part.name}`,
          `minimal six-part workbook of ${rows.length} rows, ${part.name} ${how} (now ${changed.length} bytes: ${JSON.stringify(short(changed.toString('latin1')))})`,
          parts,
          broken,
          { exactly: all },
        ),
      );
    }
  }

  // Lies about size: the sheet's dimension and the shared strings' counts. The rows are
  // there and few; a claim is not a row.
  for (const dimension of [
    'A1:XFD1048576',
    'A1:D1048576',
    'A1:XFD7',
    'A1:A1',
    'Z99:A1',
    'garbage',
    '',
  ]) {
    cases.push(
      xlsxCase(
        `dimension-${dimension || 'empty'}`,
        `minimal workbook of ${table.length} rows whose <dimension ref="${dimension}">`,
        workbookParts(table, { dimension }),
        ACCEPTED,
        { exactly: all },
      ),
    );
  }
  for (const count of ['4294967295', '99999999999999999999', '-1', 'NaN', '1e308']) {
    cases.push(
      xlsxCase(
        `sst-count-${count}`,
        `minimal workbook whose <sst count uniqueCount> say ${count}`,
        workbookParts(table, { sstCount: count, sstUniqueCount: count }),
        ACCEPTED,
        { exactly: all },
      ),
    );
  }

  // Odd cells: outside the shared strings, far down or far right, of unknown types. A row
  // far down is a row like any other (only non-empty rows count): read or refused, never
  // dropped in silence.
  const next = table.length + 1;
  const last = table.length;
  const oddCells: Array<[string, WorkbookOptions, string[]]> = [
    [
      'sst-index-out-of-range',
      { extraRows: `<row r="${next}"><c r="A${next}" t="s"><v>999999999</v></c></row>` },
      all,
    ],
    [
      'sst-index-negative',
      { extraRows: `<row r="${next}"><c r="A${next}" t="s"><v>-5</v></c></row>` },
      all,
    ],
    [
      'sst-index-text',
      { extraRows: `<row r="${next}"><c r="A${next}" t="s"><v>Boise</v></c></row>` },
      all,
    ],
    [
      'cell-at-last-column',
      { extraCells: `<c r="XFD${last}" t="inlineStr"><is><t>x</t></is></c>` },
      all,
    ],
    [
      'row-1048576',
      {
        extraRows:
          '<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>Boise</t></is></c><c r="B1048576" t="inlineStr"><is><t>ID</t></is></c></row>',
      },
      [...all, 'Boise, ID'],
    ],
    [
      'row-60000',
      {
        extraRows:
          '<row r="60000"><c r="A60000" t="inlineStr"><is><t>Boise</t></is></c><c r="B60000" t="inlineStr"><is><t>ID</t></is></c></row>',
      },
      [...all, 'Boise, ID'],
    ],
    [
      'row-60000-no-dimension',
      {
        dimension: null,
        extraRows:
          '<row r="60000"><c r="A60000" t="inlineStr"><is><t>Boise</t></is></c><c r="B60000" t="inlineStr"><is><t>ID</t></is></c></row>',
      },
      [...all, 'Boise, ID'],
    ],
    ['cell-ref-garbage', { extraCells: '<c r="!!" t="inlineStr"><is><t>x</t></is></c>' }, all],
    [
      'error-cell-without-value',
      { extraRows: `<row r="${next}"><c r="A${next}" t="e"/></row>` },
      all,
    ],
    [
      'error-formula-without-value-in-city',
      { extraRows: `<row r="${next}"><c r="A${next}" t="e"><f>1/0</f></c></row>` },
      all,
    ],
    [
      'error-formula-without-value-in-zip',
      { extraCells: `<c r="D${last}" t="e"><f>1/0</f></c>` },
      all,
    ],
    [
      'error-formula-without-value-in-header',
      { headerCells: '<c r="E1" t="e"><f>NA()</f></c>' },
      all,
    ],
    [
      'error-cell-unknown-code',
      { extraRows: `<row r="${next}"><c r="A${next}" t="e"><v>#WHAT?</v></c></row>` },
      all,
    ],
    [
      'error-cell-code-255',
      { extraRows: `<row r="${next}"><c r="A${next}" t="e"><v>255</v></c></row>` },
      all,
    ],
    ['number-cell-text-value', { extraCells: `<c r="E${last}" t="n"><v>Boise</v></c>` }, all],
    ['date-cell-garbage', { extraCells: `<c r="E${last}" t="d"><v>not a date</v></c>` }, all],
    ['bool-cell-garbage', { extraCells: `<c r="E${last}" t="b"><v>7</v></c>` }, all],
    ['unknown-cell-type', { extraCells: `<c r="E${last}" t="zz"><v>1</v></c>` }, all],
  ];
  for (const [what, opts, expected] of oddCells) {
    cases.push(
      xlsxCase(
        what,
        `minimal workbook + ${opts.extraCells ?? opts.extraRows ?? `in the header ${opts.headerCells}`}`,
        workbookParts(table, opts),
        broken,
        { exactly: expected },
      ),
    );
  }

  // The same odd error cells in Excel 97 and Excel 5 files (SheetJS writes any error code).
  for (const code of [0x07, 0x2a, 0x63, 0xff]) {
    for (const bookType of ['biff8', 'biff5'] as const) {
      const sheet = [...table, [{ t: 'e', v: code }, 'ID', '', '']];
      cases.push({
        name: `xls/${bookType}-error-cell-${code}`,
        recipe: `${bookType} .xls of ${table.length} rows + a row whose City is an error cell with code 0x${code.toString(16)}`,
        files: [{ name: 'areas.xls', data: excelFile(bookType, sheet) }],
        verdict: broken,
        cities: { exactly: all },
      });
    }
  }

  // Entities in a Page Name cell (stored as the city's name): none may be fetched or expanded.
  const named = [[...HEADER, 'Page Name'], ...rows.map((row, i) => [...row, `Page ${i + 1}`])];
  const dtd = (body: string) => `<!DOCTYPE sst [${body}]>`;
  const laughs = Array.from({ length: 9 }, (_, i) =>
    i === 0 ? '<!ENTITY l0 "lol">' : `<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`,
  ).join('');
  const entities: Array<[string, WorkbookOptions, RegExp]> = [
    [
      'xxe-file',
      { sstPrologue: dtd('<!ENTITY x SYSTEM "file:///etc/passwd">'), sstRaw: { 'Page 1': '&x;' } },
      /root:|nologin/,
    ],
    [
      'xxe-http',
      {
        sstPrologue: dtd('<!ENTITY x SYSTEM "http://127.0.0.1:9/x">'),
        sstRaw: { 'Page 1': '&x;' },
      },
      /ECONNREFUSED|<html/i,
    ],
    ['billion-laughs', { sstPrologue: dtd(laughs), sstRaw: { 'Page 1': '&l8;' } }, /(lol){20}/],
    ['numeric-entities', { sstRaw: { 'Page 1': '&#66;&#111;&#105;&#115;&#101;' } }, /^$/],
    ['huge-numeric-entity', { sstRaw: { 'Page 1': '&#99999999999;&#x110000;&#0;' } }, /^$/],
  ];
  for (const [what, opts, forbidden] of entities) {
    cases.push(
      xlsxCase(
        `entity-${what}`,
        `minimal workbook with a Page Name column, "Page 1" written as ${JSON.stringify(opts.sstRaw?.['Page 1'])} after prologue ${JSON.stringify(opts.sstPrologue ?? '')}`,
        workbookParts(named, opts),
        EITHER,
        { forbidden },
      ),
    );
  }

  // Entries: traversal names, nested archives, duplicates.
  const traversal = [
    '../../../../../../tmp/cityforge-fuzz-escape.xml',
    '/tmp/cityforge-fuzz-absolute.xml',
    'xl/worksheets/../../../../tmp/cityforge-fuzz-dots.xml',
    'C:\\cityforge-fuzz\\evil.xml',
    'xl/worksheets/sheet1.xml\u0000.txt',
  ];
  for (const name of traversal) {
    cases.push(
      xlsxCase(
        `entry-${JSON.stringify(name).slice(1, 30)}`,
        `minimal workbook + an entry named ${JSON.stringify(name)}`,
        [...good, { name, content: Buffer.from('<x/>') }],
        broken,
        { exactly: all },
      ),
    );
  }
  const inner = zipOf(good);
  cases.push(
    xlsxCase(
      'sheet-renamed-by-traversal',
      'minimal workbook whose sheet sits at ../xl/worksheets/sheet1.xml',
      good.map((p) =>
        p.name === 'xl/worksheets/sheet1.xml' ? { ...p, name: '../xl/worksheets/sheet1.xml' } : p,
      ),
      broken,
      { exactly: all },
    ),
    xlsxCase(
      'nested-workbook-as-sheet',
      'minimal workbook whose sheet1.xml is itself a whole .xlsx',
      good.map((p) => (p.name === 'xl/worksheets/sheet1.xml' ? { ...p, content: inner } : p)),
      broken,
    ),
    xlsxCase(
      'nested-workbook-only',
      'a ZIP whose only entry is areas.xlsx',
      [{ name: 'areas.xlsx', content: inner }],
      refused([400]),
    ),
    xlsxCase(
      'nested-bomb',
      'minimal workbook + xl/embeddings/inner.zip holding 150 MB of zeros declared as 40 bytes',
      [
        ...good,
        {
          name: 'xl/embeddings/inner.zip',
          content: rawZip([{ name: 'zeros.xml', data: zerosDeflated(150), localSize: 40 }]),
        },
      ],
      broken,
      { exactly: all },
    ),
    xlsxCase(
      'duplicate-sheet-entry',
      'minimal workbook with a second, empty xl/worksheets/sheet1.xml',
      [...good, { name: 'xl/worksheets/sheet1.xml', content: Buffer.from('<worksheet/>') }],
      broken,
    ),
  );
  return cases;
}

/** Archives whose structure lies: methods, flags, ZIP64 fields, shared data, directories. */
export function brokenArchives(seed: number): FuzzCase[] {
  const r = rng(seed);
  const rows = baseRows(r, 4);
  const parts = workbookParts([HEADER, ...rows]);
  const honest = parts.map((p) => deflated(p.name, p.content));
  const sheetAt = parts.findIndex((p) => p.name === 'xl/worksheets/sheet1.xml');
  const withSheet = (change: Partial<RawEntry>) =>
    honest.map((e, i) => (i === sheetAt ? { ...e, ...change } : e));
  const zip64 = (size: bigint, length = 16) => {
    const field = Buffer.alloc(4 + length);
    field.writeUInt16LE(1, 0);
    field.writeUInt16LE(length, 2);
    if (length >= 8) field.writeBigUInt64LE(size, 4);
    return field;
  };
  const stored = parts.map((p) => ({
    name: p.name,
    data: p.content,
    method: 0,
    crc: crc32(p.content),
  }));
  const archives: Array<[string, string, Buffer, Verdict]> = [
    ['control', 'six honest deflated entries, written by hand', rawZip(honest), ACCEPTED],
    ['stored-control', 'six stored (method 0) entries', rawZip(stored), EITHER],
    ['no-crc', 'every CRC written as 0', rawZip(honest.map((e) => ({ ...e, crc: 0 }))), EITHER],
    ...[1, 6, 9, 12, 14, 95, 99, 0xffff].map((method): [string, string, Buffer, Verdict] => [
      `method-${method}`,
      `the sheet entry claims compression method ${method}`,
      rawZip(withSheet({ method })),
      EITHER,
    ]),
    [
      'encrypted-flag',
      'the sheet entry has the encrypted flag (bit 0)',
      rawZip(withSheet({ flags: 1 })),
      EITHER,
    ],
    [
      'strong-encryption-flag',
      'the sheet entry has flags 0x41',
      rawZip(withSheet({ flags: 0x41 })),
      EITHER,
    ],
    [
      'data-descriptor-streamed',
      'every entry written as a streaming writer does: flag bit 3, zero CRC and sizes in the local header, a data descriptor after the data, the truth in the central directory',
      rawZip(
        honest.map((e) => ({
          ...e,
          flags: 8,
          localCrc: 0,
          localCompressedSize: 0,
          localSize: 0,
          centralSize: e.localSize,
          descriptor: { crc: e.crc!, compressed: e.data.length, size: e.localSize! },
        })),
      ),
      EITHER,
    ],
    [
      'data-descriptor-lying',
      'the sheet entry has flag bit 3 and zero sizes everywhere',
      rawZip(withSheet({ flags: 8, localSize: 0, crc: 0 })),
      EITHER,
    ],
    [
      'compressed-size-huge',
      'the sheet entry claims 0xffffffff compressed bytes',
      rawZip(withSheet({ compressedSize: 0xffffffff })),
      EITHER,
    ],
    [
      'compressed-size-zero',
      'the sheet entry claims 0 compressed bytes',
      rawZip(withSheet({ compressedSize: 0 })),
      EITHER,
    ],
    [
      'size-zero',
      'the sheet entry declares 0 bytes unpacked',
      rawZip(withSheet({ localSize: 0 })),
      EITHER,
    ],
    [
      'central-local-disagree',
      'central directory says 50 bytes, local header the truth',
      rawZip(withSheet({ centralSize: 50 })),
      EITHER,
    ],
    [
      'zip64-huge',
      'the sheet entry has a ZIP64 field declaring 2^40 bytes',
      rawZip(withSheet({ localExtra: zip64(1n << 40n), centralExtra: zip64(1n << 40n) })),
      refused([413]),
    ],
    [
      'zip64-short',
      'the sheet entry has a 4-byte ZIP64 field',
      rawZip(withSheet({ localExtra: zip64(0n, 4) })),
      refused([400]),
    ],
    [
      'zip64-overrun',
      'an extra field whose length runs past the extra block',
      rawZip(withSheet({ localExtra: Buffer.from([0x01, 0x00, 0xff, 0x00, 1, 2]) })),
      refused([400]),
    ],
    [
      'central-name-differs',
      'the central directory names the sheet xl/worksheets/sheet2.xml',
      rawZip(withSheet({ centralName: 'xl/worksheets/sheet2.xml' })),
      EITHER,
    ],
    [
      'directory-offset-past-end',
      'the end record points the directory past the file',
      rawZip(honest, { directoryOffset: 0x7fffffff }),
      refused([400]),
    ],
    [
      'directory-offset-zero',
      'the end record points the directory at the first local header',
      rawZip(honest, { directoryOffset: 0 }),
      refused([400]),
    ],
    ['count-zero', 'the end record counts 0 entries', rawZip(honest, { count: 0 }), refused([400])],
    [
      'count-65535',
      'the end record counts 65535 entries',
      rawZip(honest, { count: 0xffff }),
      refused([400]),
    ],
    [
      'fake-end-in-comment',
      'a second end record inside the archive comment, pointing nowhere',
      rawZip(honest, {
        comment: Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18, 0xff)]),
      }),
      refused([400]),
    ],
    [
      'comment-garbage',
      'a 60 KB archive comment of random bytes',
      // No 'P', so no second end record can hide in it.
      rawZip(honest, { comment: Buffer.from(r.bytes(60_000).map((b) => (b === 0x50 ? 0x51 : b))) }),
      EITHER,
    ],
    [
      'entry-points-at-itself',
      "two central entries share the sheet's local header",
      rawZip([...honest, { ...honest[sheetAt]!, centralName: 'copy.xml', sharesLocalOf: sheetAt }]),
      EITHER,
    ],
  ];
  return archives.map(([name, recipe, data, verdict]) => ({
    name: `archive/${name}`,
    recipe,
    files: [xlsxFile(data)],
    verdict,
    ...(verdict.kind === 'accepted' ? { cities: { exactly: rows.map(label) } } : {}),
  }));
}

const MB = 1024 * 1024;
const DEFAULT_MAX_BYTES = 10 * MB;

/** Zip bombs: parts that unpack past the limits, honestly or not, one part or many. */
export function zipBombs(seed: number): FuzzCase[] {
  const r = rng(seed);
  const rows = baseRows(r, 3);
  const parts = workbookParts([HEADER, ...rows]);
  const honest = parts.map((p) => deflated(p.name, p.content));
  const bomb = (name: string, recipe: string, entries: RawEntry[]): FuzzCase => ({
    name: `bomb/${name}`,
    recipe,
    files: [xlsxFile(rawZip(entries))],
    verdict: refused([413]),
  });
  const cases: FuzzCase[] = [];
  const targets = [
    'xl/worksheets/sheet1.xml',
    'xl/sharedStrings.xml',
    'docProps/app.xml',
    '[Content_Types].xml',
  ];
  for (const target of targets) {
    for (const [mb, declared] of [
      [150, 40],
      [150, 0],
      [20, 40],
      [2, 1000],
      [150, 150 * MB],
      [8, 8 * MB],
    ] as const) {
      const zeros = zerosDeflated(mb);
      const entry: RawEntry = { name: target, data: zeros, localSize: declared };
      const others = honest.filter((e) => e.name !== target);
      cases.push(
        bomb(
          `${target.replace(/\W+/g, '-')}-${mb}MB-declared-${declared}`,
          `${target} = ${mb} MiB of zeros deflated to ${zeros.length} bytes, declared ${declared} bytes unpacked`,
          target === 'xl/worksheets/sheet1.xml' ? [...others, entry] : [entry, ...others],
        ),
      );
    }
  }
  // Many parts, each harmless alone.
  const chunk = zerosDeflated(2);
  cases.push(
    bomb('60-parts-of-2MB', '60 parts of 2 MiB of zeros each, honestly declared', [
      ...honest,
      ...Array.from({ length: 60 }, (_, i) => ({
        name: `xl/media/z${i}.bin`,
        data: chunk,
        localSize: 2 * MB,
      })),
    ]),
  );
  const small = Buffer.alloc(60 * 1024, 0x20);
  const smallPacked = deflated('x', small);
  cases.push(
    bomb(
      '2000-entries-sharing-one-part',
      '2000 central entries pointing at one local part of 60 KB spaces (ratio below the check size), 117 MB declared in all',
      [
        ...honest,
        { ...smallPacked, name: 'xl/media/0.bin' },
        ...Array.from({ length: 1999 }, (_, i) => ({
          ...smallPacked,
          name: `xl/media/${i + 1}.bin`,
          sharesLocalOf: honest.length,
        })),
      ],
    ),
  );
  cases.push({
    name: 'bomb/4000-tiny-entries',
    recipe: '4000 distinct 1-byte parts beside the workbook (many entries, nothing big)',
    files: [
      xlsxFile(
        rawZip([
          ...honest,
          ...Array.from({ length: 4000 }, (_, i) =>
            deflated(`xl/media/${i}.bin`, Buffer.from('x')),
          ),
        ]),
      ),
    ],
    verdict: EITHER,
  });
  return cases;
}

// ---------------------------------------------------------------------------------------
// Content

/** What formulas would give if something evaluated them; none of these may be imported. */
export const EVALUATION_TRAPS = ['Boise, ID', 'Denver, CO', 'Tampa, FL', 'Orlando, FL'];

const FORMULA_CELLS: Array<[where: 'city' | 'state' | 'zip' | 'county', text: string]> = [
  ['city', '=CONCATENATE("Bo","ise")'],
  ['city', '=LOWER("BOISE")'],
  ['city', '=E2'],
  ['city', '=HYPERLINK("http://127.0.0.1:9/x","Boise")'],
  ['city', "=cmd|' /C calc'!A0"],
  ['city', '+Bo&"ise"'],
  ['city', '-2+3'],
  ['city', '@SUM(1,1)'],
  ['city', '=IMPORTXML("http://127.0.0.1:9/","//a")'],
  ['state', '=MID("XXID",3,2)'],
  ['zip', '=80200+2'],
  ['zip', '=HYPERLINK("http://127.0.0.1:9/x","80202")'],
  ['zip', '+80202'],
  ['zip', '-80202'],
  ['zip', '@80202'],
  ['zip', '=TEXT(33602,"00000")'],
  ['zip', '=DDE("cmd";"/C calc";"__DdeLink_60_870516294")'],
  ['county', "=cmd|'/C calc'!A0"],
];

function csvCell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const toCsv = (rows: string[][]) =>
  Buffer.from(rows.map((row) => row.map(csvCell).join(',')).join('\r\n'));

/**
 * Formula-looking cells in every location column, beside one real row. Row 2's note column
 * holds "Boise", so `=E2` would read Boise if anything evaluated references. Each formula
 * row must be skipped or kept as its literal text; no trap city may appear.
 */
export function formulaFiles(): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const header = ['City', 'State', 'County', 'ZIP', 'Notes'];
  const real = ['Austin', 'TX', 'Travis', '78701', 'Boise'];
  const rowFor = (where: string, text: string): string[] => {
    if (where === 'city') return [text, 'ID', '', '', ''];
    if (where === 'state') return ['Boise', text, '', '', ''];
    if (where === 'county') return [text === '' ? '' : 'Plano', 'TX', text, '', ''];
    return ['', '', '', text, ''];
  };
  // Each trap formula alone (so the failure names it), in every format.
  FORMULA_CELLS.forEach(([where, text], i) => {
    const table = [header, real, rowFor(where, text)];
    // "=MID(..)" as a state: Boise with an unknown state is refused; if evaluated it is ID.
    const extra = where === 'county' ? ['Plano, TX'] : [];
    for (const format of FORMATS) {
      const file =
        format === 'csv'
          ? { name: 'formulas.csv', data: toCsv(table) }
          : spreadsheet(format, table, 'formulas');
      cases.push({
        name: `formula/${format}-${where}#${i}`,
        recipe: `${format}: header ${header.join('|')}, row 2 ${real.join('|')}, row 3 with ${where} = ${JSON.stringify(text)} (a text cell)`,
        files: [file],
        verdict: ACCEPTED,
        // The formula row is reported (skipped), except a county, which only adds a note.
        cities: {
          exactly: ['Austin, TX', ...extra],
          never: EVALUATION_TRAPS,
          ...(where === 'county' ? {} : { reported: [3] }),
        },
      });
    }
  });
  // Real formula cells (with no cached value) in an .xlsx, as a hostile file would carry them.
  const formulas: Array<[string, string]> = [
    ['str', '<c r="A3" t="str"><f>CONCATENATE("Bo","ise")</f></c>'],
    ['ref', '<c r="A3" t="str"><f>E2</f></c>'],
    ['number', '<c r="D3"><f>80200+2</f></c>'],
    ['error-typed', '<c r="D3" t="e"><f>80200+2</f></c>'],
    ['hyperlink', '<c r="A3" t="str"><f>HYPERLINK("http://127.0.0.1:9/","Boise")</f></c>'],
    ['dde', '<c r="A3" t="str"><f>cmd|\'/C calc\'!A0</f></c>'],
    ['array', '<c r="D3"><f t="array" ref="D3">{80202}</f></c>'],
    [
      'shared',
      '<c r="D3"><f t="shared" si="0" ref="D3:D4">80200+2</f></c><c r="D4"><f t="shared" si="0"/></c>',
    ],
  ];
  for (const [what, cells] of formulas) {
    const table = [header, real];
    cases.push({
      name: `formula/xlsx-formula-cell-${what}`,
      recipe: `minimal workbook: ${header.join('|')}; ${real.join('|')}; then raw row 3 ${cells}`,
      files: [xlsxFile(zipOf(workbookParts(table, { extraRows: `<row r="3">${cells}</row>` })))],
      verdict: ACCEPTED,
      cities: { exactly: ['Austin, TX'], never: EVALUATION_TRAPS },
    });
  }
  // A display name that looks like a formula is the user's own text: kept verbatim or refused.
  for (const format of FORMATS) {
    const names = ['=HYPERLINK("http://127.0.0.1:9/","click")', "@SUM(1+1)*cmd|' /C calc'!A0"];
    const table = [
      ['City', 'State', 'ZIP', 'Display Name'],
      ['Houston', 'TX', '77002', names[0]!],
      ['Dallas', 'TX', '75201', names[1]!],
    ];
    const file =
      format === 'csv'
        ? { name: 'names.csv', data: toCsv(table) }
        : spreadsheet(format, table, 'names');
    cases.push({
      name: `formula/${format}-display-name`,
      recipe: `${format}: Display Name cells =HYPERLINK(..) and @SUM(..)*cmd|..`,
      files: [file],
      verdict: ACCEPTED,
      cities: { never: EVALUATION_TRAPS, names },
    });
  }
  return cases;
}

/** Cells far longer than any place name, in every column. */
export function longCellFiles(seed: number): FuzzCase[] {
  const r = rng(seed);
  const cases: FuzzCase[] = [];
  const real = ['Austin', 'TX', 'Travis', '78701', ''];
  const header = ['City', 'State', 'County', 'ZIP', 'Page Name'];
  const long = (n: number) => {
    const letters = 'abcdefghijklmnopqrstuvwxyz ';
    return Array.from({ length: n }, () => letters[r.int(letters.length)]).join('');
  };
  // The row, and the cities the file then holds. A county Kyle is not in is only a note; a
  // long page name is kept as written (it is checked against the file's text).
  const austin = ['Austin, TX'];
  const withKyle = ['Austin, TX', 'Kyle, TX'];
  const pageName = long(60_000);
  const variants: Array<[string, string[], CityExpectation]> = [
    ['city-100k', [long(100_000), 'TX', '', '', ''], { exactly: austin, reported: [3] }],
    ['state-50k', ['Kyle', long(50_000), '', '', ''], { exactly: austin, reported: [3] }],
    ['county-50k', ['Kyle', 'TX', long(50_000), '', ''], { exactly: withKyle }],
    ['zip-digits-100k', ['', '', '', '7'.repeat(100_000), ''], { exactly: austin, reported: [3] }],
    [
      'zip-list-20k',
      ['', '', '', Array.from({ length: 20_000 }, () => '78701').join(' '), ''],
      { exactly: austin },
    ],
    [
      'zip-list-mixed',
      [
        '',
        '',
        '',
        Array.from({ length: 5_000 }, (_, i) => (i % 2 ? '78701' : '7870X')).join(';'),
        '',
      ],
      { exactly: austin, reported: [3] },
    ],
    [
      'page-name-60k',
      ['Kyle', 'TX', 'Hays', '78640', pageName],
      { names: ['Austin', cleanText(pageName)] },
    ],
    [
      'city-one-word-60k',
      ['x'.repeat(60_000), 'TX', '', '', ''],
      { exactly: austin, reported: [3] },
    ],
    [
      'city-ends-with-city-60k',
      [`${'y'.repeat(60_000)}city`, '', '', '', ''],
      { exactly: austin, reported: [3] },
    ],
  ];
  for (const [what, row, cities] of variants) {
    for (const format of ['csv', 'xlsx'] as const) {
      const table = [header, real, row];
      // Excel caps a cell at 32,767 characters; a hand-made workbook need not.
      const file =
        format === 'csv'
          ? { name: 'long.csv', data: toCsv(table) }
          : xlsxFile(zipOf(workbookParts(table)), 'long.xlsx');
      cases.push({
        name: `long/${format}-${what}`,
        recipe: `${format}: ${header.join('|')}; ${real.join('|')}; a row whose ${what.replace(/-/g, ' ')}`,
        files: [file],
        verdict: EITHER,
        cities,
      });
    }
  }
  return cases;
}

/** Rows around the limit, including blank rows and title rows that do not count. */
export function rowLimitFiles(): FuzzCase[] {
  const rowsMessage = 'The file has more than 50,000 rows.';
  const zipColumn = (n: number, blankEvery = 0) => {
    const lines = ['ZIP'];
    for (let i = 0; i < n; i++) {
      if (blankEvery && i % blankEvery === 0) lines.push('');
      lines.push('78701');
    }
    return Buffer.from(lines.join('\n'));
  };
  const xlsxZips = (n: number) =>
    spreadsheet('xlsx', [['ZIP'], ...Array.from({ length: n }, () => ['78701'])], 'many');
  const justOver = DEFAULT_MAX_BYTES + 1;
  return [
    {
      name: 'size/xlsx-10MB+1',
      recipe: `ZIP magic + ${justOver - 4} random bytes named areas.xlsx`,
      files: [
        {
          name: 'areas.xlsx',
          data: Buffer.concat([Buffer.from('PK\x03\x04'), rng(1).bytes(justOver - 4)]),
        },
      ],
      verdict: refused([413], 'The file is larger than 10 MB.'),
    },
    {
      name: 'size/xls-10MB+1',
      recipe: `OLE2 magic + ${justOver - 8} zero bytes named areas.xls`,
      files: [
        {
          name: 'areas.xls',
          data: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(justOver - 8)]),
        },
      ],
      verdict: refused([413], 'The file is larger than 10 MB.'),
    },
    {
      name: 'rows/csv-50000',
      recipe: 'CSV: ZIP header + 50,000 rows of 78701',
      files: [{ name: 'many.csv', data: zipColumn(50_000) }],
      verdict: ACCEPTED,
      cities: { exactly: ['Austin, TX'] },
    },
    {
      name: 'rows/csv-50001',
      recipe: 'CSV: ZIP header + 50,001 rows of 78701',
      files: [{ name: 'many.csv', data: zipColumn(50_001) }],
      verdict: refused([413], rowsMessage),
    },
    {
      name: 'rows/csv-50001-with-blank-lines',
      recipe: 'CSV: ZIP header + 50,001 rows of 78701 with a blank line before every 100th',
      files: [{ name: 'many.csv', data: zipColumn(50_001, 100) }],
      verdict: refused([413], rowsMessage),
    },
    {
      name: 'rows/csv-200000',
      recipe: 'CSV: ZIP header + 200,000 rows of 78701 (1.2 MB)',
      files: [{ name: 'many.csv', data: zipColumn(200_000) }],
      verdict: refused([413], rowsMessage),
    },
    {
      name: 'rows/csv-only-newlines',
      recipe: 'CSV: ZIP header + 2,000,000 line breaks (2 MB) + one row of 78701',
      files: [{ name: 'many.csv', data: Buffer.from(`ZIP${'\n'.repeat(2_000_000)}78701\n`) }],
      verdict: refused([413], rowsMessage),
    },
    {
      name: 'rows/xlsx-50001',
      recipe: 'xlsx: ZIP header + 50,001 rows of 78701',
      files: [xlsxZips(50_001)],
      verdict: refused([413], rowsMessage),
    },
    {
      name: 'rows/xlsx-50000',
      recipe: 'xlsx: ZIP header + 50,000 rows of 78701',
      files: [xlsxZips(50_000)],
      verdict: ACCEPTED,
      cities: { exactly: ['Austin, TX'] },
    },
  ];
}

const UNKNOWN_STATES = ['ZZ', 'Texass', 'Atlantis', '00', 'XX', 'New Spain', 'ÄÖ', 'Q'];

/**
 * Mixed files: real rows and broken rows (bad ZIPs, unknown states, unknown cities, empty
 * cells) in random order. Every real row is imported, every broken row is reported, nothing
 * else is added.
 */
export function mixedFiles(seed: number, count: number): FuzzCase[] {
  const r = rng(seed);
  const cases: FuzzCase[] = [];
  const broken: Array<(r: Rng) => string[]> = [
    (g) => [g.pick(['Austin', 'Kyle', 'Boise']), g.pick(UNKNOWN_STATES), '', ''],
    (g) => [
      '',
      '',
      '',
      g.pick(['ABCDE', '123456', '78-701', '1', '0x1F', '١٢٣٤٥', '78701-', '7e4']),
    ],
    (g) => [
      g.pick(['Nowhereville', 'Xyzzyville', 'Qqqtown', 'Zzyzzx Flats']),
      g.pick(['TX', 'OH', '']),
      '',
      '',
    ],
    () => ['', '', 'Travis', ''],
    () => ['', 'TX', '', ''],
    (g) => ['Austin', 'TX', '', `78701 ${g.pick(['ABCDE', '9999999', 'x'])}`],
    () => ['', '', '', '00000'],
  ];
  for (let i = 0; i < count; i++) {
    const format = r.pick(FORMATS);
    const good = baseRows(r, r.between(1, 8));
    const rows: string[][] = [];
    const reported: number[] = [];
    const addBroken = () => {
      rows.push(r.pick(broken)(r));
      // Line numbers count the header.
      reported.push(rows.length + 1);
    };
    for (const row of good) {
      while (r.chance(0.5)) addBroken();
      rows.push(row);
    }
    addBroken();
    const table = [HEADER, ...rows];
    const file =
      format === 'csv'
        ? { name: 'mixed.csv', data: toCsv(table) }
        : spreadsheet(format, table, 'mixed');
    cases.push({
      name: `mixed/${format}#${i}`,
      recipe: `${format}: ${rows.length} rows, ${good.length} real: ${rows.map((row) => row.join('|')).join(' ; ')}`,
      files: [file],
      verdict: ACCEPTED,
      cities: { exactly: good.map(label), reported },
    });
  }
  return cases;
}
