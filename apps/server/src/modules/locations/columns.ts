import { SERVICES_HEADERS } from '@cityforge/shared';

/**
 * What the columns of an uploaded locations sheet mean, and how one cell becomes a clean value.
 * Pure string work, shared by every file format.
 */

/** Columns that say where a place is, and how its page is named. */
export type LocationKey = 'city' | 'state' | 'county' | 'zip' | 'slug' | 'displayName';
/** Columns that carry something about the place's page other than a fact. */
export type FunctionalKey = 'photo' | 'pageTitle' | 'metaDescription' | 'services';
export type ColumnKey = LocationKey | FunctionalKey;

// The header may sit under a few title rows ("Service areas 2025", a blank line); it is looked
// for among this many non-empty rows.
export const HEADER_SEARCH_ROWS = 10;

/** The columns that can mark a row as the header: the ones that say where a place is. */
export const LOCATION_COLUMNS: readonly ColumnKey[] = ['city', 'state', 'county', 'zip'];
export const FUNCTIONAL_COLUMNS: readonly FunctionalKey[] = [
  'photo',
  'pageTitle',
  'metaDescription',
  'services',
];

// Written as people write them; matched after `headerKey`, so "ZIP Code", "zip_code" and
// "Zip-Code" are one alias. Plurals are there because one cell may hold several ZIP codes.
const ALIASES: Record<ColumnKey, string[]> = {
  city: ['city', 'town', 'city name', 'locality', 'municipality', 'cities', 'towns'],
  state: ['state', 'state name', 'state code', 'state id', 'st', 'province', 'states'],
  county: ['county', 'county name', 'parish', 'borough', 'counties'],
  zip: [
    'zip',
    'zipcode',
    'zip code',
    'postal code',
    'postcode',
    'zip5',
    'zips',
    'zip codes',
    'postal codes',
  ],
  slug: ['slug', 'page slug', 'url slug'],
  // "Title" alone is the page's title (SEO sheets pair Title with Meta description); a name
  // to show instead of the city's is a Display name, Page name or Name.
  displayName: ['display name', 'page name', 'name', 'city display name'],
  photo: ['photo', 'image', 'photo url', 'image url', 'photo link', 'image link', 'picture'],
  pageTitle: ['page title', 'title', 'seo title', 'meta title', 'title tag'],
  metaDescription: ['meta description', 'seo description', 'meta desc', 'description tag'],
  services: SERVICES_HEADERS,
};

/**
 * The headers of the export's own columns (city-export.ts), the ones read back first. Those
 * after `services` are the export's report on each page: read-only, recognised on the way
 * back in so they never become facts.
 */
export const EXPORT_HEADERS = {
  city: 'City',
  state: 'State',
  county: 'County',
  zip: 'ZIP codes',
  displayName: 'Display name',
  slug: 'Page slug',
  photo: 'Photo',
  pageTitle: 'Page title',
  metaDescription: 'Meta description',
  services: 'Services',
  pageUrl: 'Page URL',
  status: 'Status',
  quality: 'Quality',
  qualityReasons: 'Quality reasons',
} as const;

/**
 * The export's column of one service ("Service page: Roof Repair"): whether the place offers
 * it and its page's status. A report like Status: read-only, never a fact.
 */
export const SERVICE_COLUMN_PREFIX = 'Service page: ';
const isServiceColumn = (headerText: string) =>
  headerText.trim().toLowerCase().startsWith(SERVICE_COLUMN_PREFIX.trim().toLowerCase());

// Never read and never a fact: what a page reports rather than what a place is (the export's
// own report columns), a sheet's bookkeeping (row ids) and geography we hold ourselves.
const NOT_FACTS = [
  EXPORT_HEADERS.pageUrl,
  EXPORT_HEADERS.status,
  EXPORT_HEADERS.quality,
  EXPORT_HEADERS.qualityReasons,
  'url',
  'page status',
  'quality verdict',
  'fact count',
  'id',
  'row',
  'row id',
  'index',
  'no',
  'country',
  'latitude',
  'longitude',
  'lat',
  'lng',
  'lon',
  'coordinates',
];

const NON_ALPHANUMERIC = /[^a-z0-9]/g;
const DIACRITICS = /\p{M}/gu;

/** Case, spacing, punctuation and accents do not count: "Zip-Code " and "zipcode" agree. */
export function headerKey(text: string): string {
  return text.normalize('NFKD').replace(DIACRITICS, '').toLowerCase().replace(NON_ALPHANUMERIC, '');
}

const COLUMN_BY_ALIAS = new Map<string, ColumnKey>();
for (const [key, aliases] of Object.entries(ALIASES) as Array<[ColumnKey, string[]]>) {
  for (const alias of aliases) COLUMN_BY_ALIAS.set(headerKey(alias), key);
}

export function columnFor(headerText: string): ColumnKey | undefined {
  return COLUMN_BY_ALIAS.get(headerKey(headerText));
}

const NOT_FACT_KEYS = new Set(NOT_FACTS.map(headerKey));
const NUMBER_SIGNS = /^#+$/;

/**
 * A column that is read by nobody and is no fact either: the export's report columns (page
 * URL, status, quality), a row number or id, coordinates, the country.
 */
export function isNotFactColumn(headerText: string): boolean {
  if (isServiceColumn(headerText)) return true;
  const key = headerKey(headerText);
  // A header of other letters than Latin ones has no key here, and may well be a fact.
  return key ? NOT_FACT_KEYS.has(key) : NUMBER_SIGNS.test(headerText.trim());
}

// \s covers no-break spaces pasted from web pages; \p{Cc} catches stray control characters
// (a tab or line break inside a cell) so they never reach a page.
const SPACES = /[\s\p{Cc}]+/gu;

/** Trimmed, with every run of whitespace as one space; '' when the cell is blank. */
export function cleanText(value: string): string {
  return value.replace(SPACES, ' ').trim();
}

const STATE_CODE = /^[a-z]{2}$/i;

/** Kept as written (resolving it is the geography's job), but "ma" reads better as "MA". */
export function cleanState(value: string): string {
  const text = cleanText(value);
  return STATE_CODE.test(text) ? text.toUpperCase() : text;
}

const ZIP_SEPARATORS = /[\s,;]+/;
// Three to five digits: spreadsheets store ZIPs as numbers and drop leading zeros, so 02134
// arrives as 2134 and 00501 as 501 (no ZIP code is below 00501). An optional +4 is cut.
const SHORT_ZIP = /^(\d{3,5})(?:-\d{4})?$/;
// ZIP+4 typed without its hyphen.
const ZIP_NINE = /^\d{9}$/;

export type ZipCell = { zips: string[]; invalid: string[] };

/** Every ZIP in one cell, five digits each, de-duplicated in order. */
export function parseZips(value: string): ZipCell {
  const zips = new Set<string>();
  const invalid: string[] = [];
  for (const token of value.split(ZIP_SEPARATORS)) {
    if (!token) continue;
    const short = SHORT_ZIP.exec(token);
    const zip = short ? short[1]!.padStart(5, '0') : ZIP_NINE.test(token) ? token.slice(0, 5) : '';
    if (!zip) invalid.push(token);
    else zips.add(zip);
  }
  return { zips: [...zips], invalid };
}
