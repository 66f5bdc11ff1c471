import * as XLSX from '@e965/xlsx';
import { expect } from 'vitest';
import type { TProjectDetail, TUploadReport } from '@cityforge/shared';
import type { TestApp } from './app.ts';
import type { Headers } from './http.ts';

/** Fifty real places across ten states, as an agency's spreadsheet would list them. */
export const FIFTY_CITIES: Array<[city: string, state: string, county: string, zip: string]> = [
  ['Austin', 'TX', 'Travis', '78701'],
  ['Round Rock', 'TX', 'Williamson', '78664'],
  ['Georgetown', 'TX', 'Williamson', '78626'],
  ['Pflugerville', 'TX', 'Travis', '78660'],
  ['Cedar Park', 'TX', 'Williamson', '78613'],
  ['San Marcos', 'TX', 'Hays', '78666'],
  ['Kyle', 'TX', 'Hays', '78640'],
  ['Buda', 'TX', 'Hays', '78610'],
  ['Leander', 'TX', 'Williamson', '78641'],
  ['Dallas', 'TX', 'Dallas', '75201'],
  ['Plano', 'TX', 'Collin', '75074'],
  ['Frisco', 'TX', 'Collin', '75034'],
  ['Houston', 'TX', 'Harris', '77002'],
  ['Pasadena', 'TX', 'Harris', '77502'],
  ['San Antonio', 'TX', 'Bexar', '78205'],
  ['Columbus', 'OH', 'Franklin', '43215'],
  ['Grove City', 'OH', 'Franklin', '43123'],
  ['Cleveland', 'OH', 'Cuyahoga', '44113'],
  ['Lakewood', 'OH', 'Cuyahoga', '44107'],
  ['Cincinnati', 'OH', 'Hamilton', '45202'],
  ['Dayton', 'OH', 'Montgomery', '45402'],
  ['Akron', 'OH', 'Summit', '44308'],
  ['Toledo', 'OH', 'Lucas', '43604'],
  ['Denver', 'CO', 'Denver', '80202'],
  ['Boulder', 'CO', 'Boulder', '80302'],
  ['Aurora', 'CO', 'Arapahoe', '80012'],
  ['Colorado Springs', 'CO', 'El Paso', '80903'],
  ['Fort Collins', 'CO', 'Larimer', '80521'],
  ['Atlanta', 'GA', 'Fulton', '30303'],
  ['Marietta', 'GA', 'Cobb', '30060'],
  ['Savannah', 'GA', 'Chatham', '31401'],
  ['Athens', 'GA', 'Clarke', '30601'],
  ['Orlando', 'FL', 'Orange', '32801'],
  ['Tampa', 'FL', 'Hillsborough', '33602'],
  ['Miami', 'FL', 'Miami-Dade', '33130'],
  ['Jacksonville', 'FL', 'Duval', '32202'],
  ['Tallahassee', 'FL', 'Leon', '32301'],
  ['Boston', 'MA', 'Suffolk', '02108'],
  ['Cambridge', 'MA', 'Middlesex', '02139'],
  ['Worcester', 'MA', 'Worcester', '01608'],
  ['Springfield', 'MA', 'Hampden', '01103'],
  ['Newark', 'NJ', 'Essex', '07102'],
  ['Princeton', 'NJ', 'Mercer', '08540'],
  ['Seattle', 'WA', 'King', '98101'],
  ['Tacoma', 'WA', 'Pierce', '98402'],
  ['Spokane', 'WA', 'Spokane', '99201'],
  ['Phoenix', 'AZ', 'Maricopa', '85004'],
  ['Tucson', 'AZ', 'Pima', '85701'],
  ['Boise', 'ID', 'Ada', '83702'],
  ['Springfield', 'IL', 'Sangamon', '62701'],
];

export type Sheet = unknown[][];
export type UploadFile = { name: string; data: Buffer; type?: string };

/** A spreadsheet file of the given format; .xls is Excel 97-2003 (BIFF8). */
export function spreadsheet(
  format: 'csv' | 'xlsx' | 'xls',
  rows: Sheet,
  name = 'areas',
): UploadFile {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Areas');
  if (format === 'csv')
    return {
      name: `${name}.csv`,
      data: Buffer.from(XLSX.utils.sheet_to_csv(book.Sheets.Areas!), 'utf8'),
      type: 'text/csv',
    };
  const data = XLSX.write(book, {
    type: 'buffer',
    bookType: format === 'xls' ? 'biff8' : 'xlsx',
  }) as Buffer;
  return { name: `${name}.${format}`, data };
}

/** A multipart form the way a browser sends it, for app.inject. */
export async function multipartForm(fields: Record<string, string>, files: UploadFile[]) {
  const form = new FormData();
  for (const file of files)
    form.append(
      'file',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? '' }),
      file.name,
    );
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

export async function upload(
  t: TestApp,
  projectId: string,
  headers: Headers,
  files: UploadFile[],
  fields: Record<string, string> = { model: 'offline-draft' },
) {
  const form = await multipartForm(fields, files);
  return t.app.inject({
    method: 'POST',
    url: `/api/project/${projectId}/upload/`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

export async function uploaded(
  t: TestApp,
  projectId: string,
  headers: Headers,
  files: UploadFile[],
  fields?: Record<string, string>,
): Promise<TUploadReport> {
  const res = await upload(t, projectId, headers, files, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TUploadReport;
}

/** The tree without ids, statuses or scores: what an upload decided, comparable across files. */
export function treeShape(detail: TProjectDetail) {
  return detail.states.map((s) => ({
    name: s.name,
    code: s.code,
    slug: s.slug,
    counties: s.counties.map((c) => ({
      name: c.name,
      slug: c.slug,
      cities: c.cities.map((city) => ({ name: city.name, slug: city.slug, zips: city.zips })),
    })),
  }));
}

export const citiesOf = (detail: TProjectDetail) =>
  detail.states.flatMap((s) =>
    s.counties.flatMap((c) => c.cities.map((city) => ({ ...city, county: c, state: s }))),
  );

/** `n` real cities of FIFTY_CITIES (from `from` on) as an upload file. */
export const citiesFile = (n: number, from = 0) =>
  spreadsheet('csv', [
    ['City', 'State', 'County', 'ZIP'],
    ...FIFTY_CITIES.slice(from, from + n).map((c) => [...c]),
  ]);

/** When this month's city-page count starts again, as the plan messages say it. */
export const allowanceResetsOn = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toLocaleDateString(
    'en-US',
    { month: 'long', day: 'numeric', timeZone: 'UTC' },
  );
};
