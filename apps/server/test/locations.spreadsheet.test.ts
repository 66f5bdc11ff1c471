import * as XLSX from '@e965/xlsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LocationsFileError,
  parseLocationsFile,
  type LocationsFileErrorCode,
  type ParseResult,
} from '../src/modules/locations/spreadsheet.ts';
import { zipOf } from './helpers/zip.ts';

// Spy on SheetJS (calls go through to the real thing) to prove the zip-bomb guard refuses
// before SheetJS ever sees the file.
vi.mock('@e965/xlsx', { spy: true });

afterEach(() => {
  vi.mocked(XLSX.read).mockClear();
});

const MB = 1024 * 1024;
const TYPE_MESSAGE =
  'Invalid File Type - Only CSV and Excel files (.csv, .xlsx, .xls) are allowed.';

type Aoa = unknown[][];

function workbookOf(...sheets: Aoa[]): XLSX.WorkBook {
  const workbook = XLSX.utils.book_new();
  sheets.forEach((aoa, index) => {
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(aoa), `Sheet${index + 1}`);
  });
  return workbook;
}

function fileOf(bookType: 'xlsx' | 'xls' | 'csv', ...sheets: Aoa[]) {
  const workbook = workbookOf(...sheets);
  const data: Buffer = XLSX.write(workbook, {
    type: 'buffer',
    bookType: bookType === 'xls' ? 'biff8' : bookType,
  });
  return { filename: `areas.${bookType}`, data };
}

function csvFile(text: string | Buffer, filename = 'areas.csv') {
  return { filename, data: typeof text === 'string' ? Buffer.from(text, 'utf8') : text };
}

function refusal(run: () => unknown): LocationsFileError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(LocationsFileError);
    return error as LocationsFileError;
  }
  throw new Error('expected the file to be refused');
}

function expectRefused(run: () => unknown, code: LocationsFileErrorCode, message?: string) {
  const error = refusal(run);
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toBe(message);
}

describe('locations spreadsheet: formats', () => {
  const sheet: Aoa = [
    ['City', 'State', 'County', 'ZIP', 'Slug', 'Display Name', 'Notes'],
    ['Boston', 'ma', 'Suffolk', 2134, 'boston', 'Boston Plumbing', 'call first'],
    ['Holtsville', 'NY', 'Suffolk County', 501],
    ['Cambridge', 'MA', 'Middlesex', '02138-1234'],
    ['Somerville', 'Massachusetts', '', '02143, 02144; 02145 02143'],
    [],
    ['', '', '', '02134'],
    ['Austin', 'TX', 'Travis'],
    ['', 'CA', '', '', '', '', 'no place'],
    ['Springfield', 'IL', '', '12'],
    ['  New   York ', ' ny ', 'New York', '100011234'],
  ];
  const expected: ParseResult = {
    rows: [
      {
        line: 2,
        city: 'Boston',
        state: 'MA',
        county: 'Suffolk',
        zips: ['02134'],
        slug: 'boston',
        displayName: 'Boston Plumbing',
        facts: ['call first'],
      },
      { line: 3, city: 'Holtsville', state: 'NY', county: 'Suffolk County', zips: ['00501'] },
      { line: 4, city: 'Cambridge', state: 'MA', county: 'Middlesex', zips: ['02138'] },
      { line: 5, city: 'Somerville', state: 'Massachusetts', zips: ['02143', '02144', '02145'] },
      { line: 7, zips: ['02134'] },
      { line: 8, city: 'Austin', state: 'TX', county: 'Travis', zips: [] },
      { line: 11, city: 'New York', state: 'NY', county: 'New York', zips: ['10001'] },
    ],
    issues: [
      { line: 9, reason: 'No city or ZIP code' },
      { line: 10, reason: 'Invalid ZIP code "12"' },
    ],
    columns: {
      city: 'City',
      state: 'State',
      county: 'County',
      zip: 'ZIP',
      slug: 'Slug',
      displayName: 'Display Name',
    },
    // Every column that is neither a place's nor a functional one is a fact of its row.
    ignoredColumns: [],
    factColumns: [{ name: 'Notes', key: 'notes' }],
    notes: [],
  };

  it.each(['xlsx', 'xls', 'csv'] as const)('reads the same rows from .%s', (bookType) => {
    expect(parseLocationsFile(fileOf(bookType, sheet))).toEqual(expected);
  });

  it('recognises renamed headers, whatever their case and punctuation', () => {
    const result = parseLocationsFile(
      csvFile('Town,ST,Postal Code,parish,URL-Slug,page_name\nBoston,ma,2134,Suffolk,b,B\n'),
    );
    expect(result.columns).toEqual({
      city: 'Town',
      state: 'ST',
      zip: 'Postal Code',
      county: 'parish',
      slug: 'URL-Slug',
      displayName: 'page_name',
    });
    expect(result.rows).toEqual([
      {
        line: 2,
        city: 'Boston',
        state: 'MA',
        zips: ['02134'],
        county: 'Suffolk',
        slug: 'b',
        displayName: 'B',
      },
    ]);
  });

  it('finds the header under title rows and keeps spreadsheet row numbers', () => {
    const file = fileOf(
      'xlsx',
      [
        ['Acme Plumbing: service areas'],
        [],
        ['Updated spring 2025'],
        ['Town', 'Zip Code'],
        ['Quincy', 2169],
        ['Braintree', '02184-0001'],
      ],
      [['City'], ['Not read: only the first non-empty sheet counts']],
    );
    const result = parseLocationsFile(file);
    expect(result.rows).toEqual([
      { line: 5, city: 'Quincy', zips: ['02169'] },
      { line: 6, city: 'Braintree', zips: ['02184'] },
    ]);
  });

  it('skips empty sheets before the first one with data', () => {
    const file = fileOf('xlsx', [], [['ZIP'], ['73301']]);
    expect(parseLocationsFile(file).rows).toEqual([{ line: 2, zips: ['73301'] }]);
  });

  it('reads semicolon-separated CSV, Windows-1252 text and quoted cells', () => {
    const latin1 = Buffer.from('City;State;ZIP\r\nEspañola;NM;"87532; 87533"\r\n', 'latin1');
    expect(parseLocationsFile(csvFile(latin1)).rows).toEqual([
      { line: 2, city: 'Española', state: 'NM', zips: ['87532', '87533'] },
    ]);
    const utf8 = 'City,ZIP\n"Coeur d\'Alene, the lake city",83814\n';
    expect(parseLocationsFile(csvFile(utf8)).rows).toEqual([
      { line: 2, city: "Coeur d'Alene, the lake city", zips: ['83814'] },
    ]);
  });

  it('reads CSVs whose first cell would make SheetJS sniff another format', () => {
    const result = parseLocationsFile(csvFile('ID,City,ZIP\n1,Boston,02134\n'));
    expect(result.rows).toEqual([{ line: 2, city: 'Boston', zips: ['02134'] }]);
    expect(result.ignoredColumns).toEqual(['ID']);
    expectRefused(() => parseLocationsFile(csvFile('<table><tr><td>City')), 'no_columns');
  });

  it('unwraps ZIP codes exported as ="02134" to keep their leading zero', () => {
    const text = 'City,ZIP\nBoston,="02134"\nQuincy,"=""02169"""\n';
    expect(parseLocationsFile(csvFile(text)).rows).toEqual([
      { line: 2, city: 'Boston', zips: ['02134'] },
      { line: 3, city: 'Quincy', zips: ['02169'] },
    ]);
  });

  it('reads the first visible sheet before a hidden one', () => {
    const workbook = workbookOf([['ZIP'], ['99999']], [['ZIP'], ['02134']]);
    workbook.Workbook = { Sheets: [{ Hidden: 1 }, { Hidden: 0 }] };
    const data: Buffer = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' });
    const result = parseLocationsFile({ filename: 'a.xlsx', data });
    expect(result.rows).toEqual([{ line: 2, zips: ['02134'] }]);
  });

  it('reports every invalid ZIP of a cell', () => {
    const result = parseLocationsFile(csvFile('City,ZIP\nBoston,"02134, 12, ABCDE"\n'));
    expect(result.rows).toEqual([]);
    expect(result.issues).toEqual([{ line: 2, reason: 'Invalid ZIP codes "12", "ABCDE"' }]);
  });

  it('parses 30,000 rows', () => {
    const lines = ['City,State,ZIP'];
    for (let i = 0; i < 30_000; i++) lines.push(`Town ${i},TX,${75000 + (i % 1000)}`);
    const result = parseLocationsFile(csvFile(lines.join('\n')));
    expect(result.rows).toHaveLength(30_000);
    expect(result.rows.at(-1)).toEqual({
      line: 30_001,
      city: 'Town 29999',
      state: 'TX',
      zips: ['75999'],
    });
  });
});

describe('locations spreadsheet: refusals', () => {
  it('refuses other file types with the spec message, whatever the mimetype says', () => {
    const txt = { filename: 'areas.txt', mimetype: 'text/csv', data: Buffer.from('City\nBoston') };
    expectRefused(() => parseLocationsFile(txt), 'type', TYPE_MESSAGE);
    const noExtension = { filename: 'areas', data: Buffer.from('City\nBoston') };
    expectRefused(() => parseLocationsFile(noExtension), 'type', TYPE_MESSAGE);
  });

  it('refuses a file whose content is not what its extension says', () => {
    const xlsx = fileOf('xlsx', [['City'], ['Boston']]).data;
    expectRefused(() => parseLocationsFile(csvFile(xlsx)), 'type', TYPE_MESSAGE);
    const xls = fileOf('xls', [['City'], ['Boston']]).data;
    expectRefused(() => parseLocationsFile({ filename: 'a.xlsx', data: xls }), 'type');
    expectRefused(() => parseLocationsFile(csvFile('City\nBoston', 'a.xlsx')), 'type');
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expectRefused(() => parseLocationsFile(csvFile(binary)), 'type', TYPE_MESSAGE);
  });

  it('says so when an .xlsx is password-protected', () => {
    // Excel wraps an encrypted workbook in an OLE2 container with an EncryptedPackage stream.
    const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const stream = Buffer.from('EncryptedPackage', 'utf16le');
    const data = Buffer.concat([ole2, Buffer.alloc(512), stream]);
    expectRefused(
      () => parseLocationsFile({ filename: 'a.xlsx', data }),
      'unreadable',
      'The file is password-protected. Remove the password and upload it again.',
    );
  });

  it('refuses empty files', () => {
    const message = 'The file is empty.';
    for (const filename of ['a.csv', 'a.xlsx', 'a.xls']) {
      expectRefused(
        () => parseLocationsFile({ filename, data: Buffer.alloc(0) }),
        'empty',
        message,
      );
    }
    expectRefused(() => parseLocationsFile(csvFile('\ufeff \r\n\r\n')), 'empty', message);
    expectRefused(() => parseLocationsFile(csvFile(',,,\n,,\n')), 'empty', message);
    expectRefused(() => parseLocationsFile(fileOf('xlsx', [])), 'empty', message);
  });

  it('refuses a header without rows under it', () => {
    const message = 'The spreadsheet has no rows under its header.';
    expectRefused(() => parseLocationsFile(csvFile('City,State,ZIP\n,,\n')), 'no_rows', message);
    const xlsx = fileOf('xlsx', [['Title'], ['City', 'ZIP']]);
    expectRefused(() => parseLocationsFile(xlsx), 'no_rows', message);
  });

  it('refuses a sheet without a city or ZIP column', () => {
    const message =
      'No column for city or ZIP code was found. Name a column City, State, County or ZIP.';
    const unknown = csvFile('Name,Phone\nAcme,555\n');
    expectRefused(() => parseLocationsFile(unknown), 'no_columns', message);
    expectRefused(() => parseLocationsFile(csvFile('State\nMA\n')), 'no_columns', message);
  });

  it('refuses files over the size limit', () => {
    const file = csvFile(`City\n${'Boston\n'.repeat(50)}`);
    expectRefused(
      () => parseLocationsFile(file, { maxFileBytes: 100 }),
      'size',
      'The file is larger than 100 bytes.',
    );
    expect(parseLocationsFile(file, { maxFileBytes: file.data.length }).rows).toHaveLength(50);
    const big = { filename: 'a.xlsx', data: Buffer.alloc(10 * MB + 1) };
    expectRefused(() => parseLocationsFile(big), 'size', 'The file is larger than 10 MB.');
  });

  it('refuses more rows than the limit, counting only rows with something in them', () => {
    const rows = [['City'], ['A'], ['B'], [], ['C'], ['D']];
    for (const bookType of ['csv', 'xlsx', 'xls'] as const) {
      const file = fileOf(bookType, rows);
      expect(parseLocationsFile(file, { maxRows: 4 }).rows).toHaveLength(4);
      expectRefused(
        () => parseLocationsFile(file, { maxRows: 3 }),
        'rows',
        'The file has more than 3 rows.',
      );
    }
    // Rows past what SheetJS was asked to read are refused, not silently dropped.
    const padded = csvFile(`City\nA\n${'\n'.repeat(150)}B\nC\n`);
    expectRefused(() => parseLocationsFile(padded, { maxRows: 2 }), 'rows');
    const gap: Aoa = Array.from({ length: 150 }, () => []);
    for (const bookType of ['xlsx', 'xls'] as const) {
      const file = fileOf(bookType, [['City'], ['A'], ...gap, ['B'], ['C']]);
      expectRefused(() => parseLocationsFile(file, { maxRows: 2 }), 'rows');
    }
  });

  it('says the default row limit with a thousands separator', () => {
    const lines = ['ZIP', ...Array.from({ length: 50_001 }, () => '02134')];
    expectRefused(
      () => parseLocationsFile(csvFile(lines.join('\n'))),
      'rows',
      'The file has more than 50,000 rows.',
    );
  });

  it('refuses broken spreadsheets as unreadable', () => {
    const message = 'The file could not be read as a spreadsheet.';
    const xlsx = fileOf('xlsx', [['City'], ['Boston']]).data;
    const truncated = { filename: 'a.xlsx', data: xlsx.subarray(0, Math.floor(xlsx.length / 2)) };
    expectRefused(() => parseLocationsFile(truncated), 'unreadable', message);
    const xls = fileOf('xls', [['City'], ['Boston']]).data;
    const garbled = Buffer.concat([xls.subarray(0, 8), Buffer.alloc(600, 0xff)]);
    expectRefused(
      () => parseLocationsFile({ filename: 'a.xls', data: garbled }),
      'unreadable',
      message,
    );
    // A well-formed ZIP that is not a workbook reaches SheetJS, which gives up.
    const notWorkbook = zipOf([{ name: 'readme.txt', content: Buffer.from('hello') }]);
    expectRefused(
      () => parseLocationsFile({ filename: 'a.xlsx', data: notWorkbook }),
      'unreadable',
      message,
    );
  });
});

describe('locations spreadsheet: zip bombs', () => {
  const sheetXml = Buffer.from('<worksheet><sheetData/></worksheet>');

  function expectBomb(data: Buffer, message: string) {
    expectRefused(() => parseLocationsFile({ filename: 'areas.xlsx', data }), 'bomb', message);
    expect(XLSX.read).not.toHaveBeenCalled();
  }

  it('refuses a directory declaring more than 100 MB', () => {
    const data = zipOf([
      { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', content: sheetXml, declaredSize: 200 * MB },
    ]);
    expectBomb(
      data,
      'The spreadsheet expands to more than 100 MB when opened, which is not allowed.',
    );
  });

  it('refuses a part that unpacks to more than it declares', () => {
    // Both headers say 40 bytes; the deflate stream holds 20 MB of zeros. SheetJS would
    // inflate it all, so the guard must look at the stream, not the headers.
    const data = zipOf([
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(20 * MB), declaredSize: 40 },
    ]);
    expectBomb(
      data,
      'The spreadsheet expands to more than 100 MB when opened, which is not allowed.',
    );
  });

  it('refuses a part packed more than 200:1', () => {
    const data = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(4 * MB) }]);
    expectBomb(
      data,
      'The spreadsheet expands to more than 200 times its size when opened, which is not allowed.',
    );
  });

  it('applies overridden limits', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `<row r="${i}"><v>${i * 7}</v></row>`);
    const data = zipOf([{ name: 'a.xml', content: Buffer.from(lines.join('')) }]);
    const file = { filename: 'a.xlsx', data };
    expectRefused(() => parseLocationsFile(file, { maxExpandedBytes: MB }), 'bomb');
    expectRefused(() => parseLocationsFile(file, { maxCompressionRatio: 2 }), 'bomb');
    expect(XLSX.read).not.toHaveBeenCalled();
    // Within the default limits the guard lets it through, and SheetJS finds no workbook.
    expectRefused(() => parseLocationsFile(file), 'unreadable');
    expect(XLSX.read).toHaveBeenCalledTimes(1);
  });

  it('refuses a malformed central directory without calling SheetJS', () => {
    const good = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: sheetXml }]);
    const broken = Buffer.from(good);
    // Point the directory past the end of the file.
    broken.writeUInt32LE(good.length + 100, good.length - 6);
    expectRefused(() => parseLocationsFile({ filename: 'a.xlsx', data: broken }), 'unreadable');
    expect(XLSX.read).not.toHaveBeenCalled();
  });

  it('lets an ordinary workbook through to SheetJS', () => {
    parseLocationsFile(fileOf('xlsx', [['City'], ['Boston']]));
    expect(XLSX.read).toHaveBeenCalledTimes(1);
  });
});
