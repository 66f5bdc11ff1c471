import * as XLSX from '@e965/xlsx';

/**
 * The sample a user downloads to fill in: every column the upload reads, under the header
 * names it recognises, with rows that show each way of filling it (full rows, a ZIP only, a
 * city and state only, a ZIP with its leading zero, a display name and a page slug), and two
 * fact columns: any column the upload does not read as a place's is a fact of its row's place,
 * stated on its page, and a blank cell is no fact.
 */
const HEADER = [
  'City',
  'State',
  'County',
  'ZIP Code',
  'Page Slug',
  'Display Name',
  'Jobs completed',
  'Customer quote',
];
const ROWS: string[][] = [
  [
    'Austin',
    'TX',
    'Travis',
    '78701',
    '',
    '',
    '142',
    '"They replaced our water heater the same afternoon." - Maria G., Zilker',
  ],
  ['Round Rock', 'TX', 'Williamson', '78664', '', '', '57', ''],
  ['Springfield', 'Illinois', 'Sangamon', '62701', '', '', '', ''],
  ['Cambridge', 'MA', 'Middlesex', '02139', '', '', '23', ''],
  ['', '', '', '83702', '', '', '', ''],
  ['Denver', 'CO', '', '', 'denver-plumbing', 'Denver Metro', '', ''],
];

export type SampleFileType = 'xlsx' | 'csv';

export function sampleFile(type: SampleFileType): {
  data: Buffer;
  filename: string;
  contentType: string;
} {
  const sheet = XLSX.utils.aoa_to_sheet([HEADER, ...ROWS]);
  // ZIP codes are text, so Excel keeps their leading zeros when the user adds rows.
  sheet['!cols'] = HEADER.map((h) => ({ wch: Math.max(12, h.length + 2) }));
  if (type === 'csv') {
    return {
      data: Buffer.from(XLSX.utils.sheet_to_csv(sheet), 'utf8'),
      filename: 'cityforge-locations-sample.csv',
      contentType: 'text/csv; charset=utf-8',
    };
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Locations');
  return {
    data: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    filename: 'cityforge-locations-sample.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
