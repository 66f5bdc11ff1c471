import { KM_PER_MILE, haversineKm } from '../../lib/geo-math.ts';
import { baseName, compactCounty, compactName, normaliseName, stateKey } from './geo-names.ts';
import { WITHIN_REACHES, reachKm, type CountyRef, type GeoIndex } from './geography-index.ts';
import { ZIP_REACH_MILES, type KnownZip } from './namesakes.ts';
import type { Place, RowPlace } from './places.ts';

/**
 * Places the data lacks, kept under the customer's name. GeoNames lists populated places, not
 * the townships much of the Northeast and Midwest lives in (Lower Merion, PA: 60,000 people,
 * no place of that name, its ZIPs' post offices are Ardmore, Bryn Mawr, Narberth…). When a
 * row's ZIP or County puts such a name in its state, the customer is telling us where it is:
 * the city is kept there, in the County given or the ZIP's county, at the ZIP's position.
 */

// Cells that say "somewhere" rather than name a place: never kept as a city.
const NOT_A_NAME = new Set(
  [
    'tbd tba na none unknown various all multiple other others test null undefined any',
    'county parish area areas metro metropolitan region greater surrounding nearby vicinity',
  ]
    .join(' ')
    .split(' '),
);

// "Charter Township of Grand Blanc" is as long as place names get; a longer cell is a sentence.
const MAX_NAME_LENGTH = 60;
const MAX_NAME_WORDS = 5;

function plausibleName(city: string): boolean {
  if (city.length > MAX_NAME_LENGTH || /[0-9,/;&+()]/.test(city)) return false;
  const words = normaliseName(city).split(' ');
  return (
    words.length <= MAX_NAME_WORDS &&
    words.join('').length >= 3 &&
    !words.some((w) => NOT_A_NAME.has(w))
  );
}

/** Whether a and b are at most `max` single-letter edits apart. */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      best = Math.min(best, row[j]!);
    }
    if (best > max) return false;
    previous = row;
  }
  return previous[b.length]! <= max;
}

// Leading words that make different places of one name ("East Goshen" and "West Goshen"):
// a name differing from another only there is no typo of it.
const SIDES = new Set(['north', 'south', 'east', 'west', 'upper', 'lower', 'new', 'old']);

type Named = { compact: string; side: string };
const namesByState = new WeakMap<GeoIndex, Map<string, Named[]>>();
const sideOf = (name: string) => name.toLowerCase().split(' ', 1)[0]!;

/** Every place name of a state (lookup form, and its first word), once per index. */
function stateNames(index: GeoIndex, stateId: string): Named[] {
  let all = namesByState.get(index);
  if (!all) {
    const byState = new Map<string, Map<string, Named>>();
    for (const place of index.places) {
      let names = byState.get(place.stateId);
      if (!names) byState.set(place.stateId, (names = new Map()));
      if (!names.has(place.cityId))
        names.set(place.cityId, { compact: place.cityId, side: sideOf(place.city) });
    }
    all = new Map([...byState].map(([state, names]) => [state, [...names.values()]]));
    namesByState.set(index, all);
  }
  return all.get(stateId) ?? [];
}

/**
 * A name the data lacks that is one letter from a place of its state is a typo ("Austn" with
 * ZIP 78701, "Mami" in Miami-Dade County), not a township: it stays an error with its hint.
 */
function looksMistyped(index: GeoIndex, city: string, stateId: string): boolean {
  const compact = compactName(city);
  const side = sideOf(city.trim());
  return stateNames(index, stateId).some((other) => {
    if (Math.abs(other.compact.length - compact.length) > 1 || other.compact.length < 4)
      return false;
    if (side !== other.side && SIDES.has(side) && SIDES.has(other.side)) return false;
    return withinEdits(compact, other.compact, 1);
  });
}

export type Kept = { place: RowPlace; name: string; zips: string[]; notes: string[] };

type Where = {
  city: string;
  stateId: string;
  countyText: string | undefined;
  known: KnownZip[];
  /** The data's places of the name elsewhere in the state (none: the name is unknown there). */
  elsewhere: Place[];
};

/**
 * The county a ZIP puts a place in: its post-office town's when the ZIP lies within that town
 * (by the index's rule, WITHIN_REACHES of its reach: 19003 is labelled Delaware County, but
 * its Ardmore is Lower Merion's, in Montgomery), else its own label (45245's post office is
 * Cincinnati, but it lies out in Clermont County).
 */
function zipCounty(index: GeoIndex, { record, place }: KnownZip): CountyRef | undefined {
  const town =
    place.source !== 'post-office' &&
    place.stateId === record.stateId &&
    haversineKm(place, record) <= WITHIN_REACHES * reachKm(place.population);
  const id = town ? place.counties[0]!.id : compactCounty(record.county);
  return index.counties.get(`${record.stateId}|${id}`);
}

/** Where the row puts the place: the County given (when it is one of the state's), or its ZIP's. */
function locate(index: GeoIndex, where: Where) {
  const { stateId, countyText } = where;
  const given = countyText ? index.counties.get(`${stateId}|${compactCounty(countyText)}`) : null;
  const zips = where.known.filter((k) => k.record.stateId === stateId);
  // The position is a ZIP's, in the County given when one of its ZIPs is.
  const anchor = (given && zips.find((k) => zipCounty(index, k)?.id === given.id)) ?? zips[0];
  const county = given ?? (anchor && zipCounty(index, anchor));
  return county ? { county, anchor, fromColumn: !!given } : undefined;
}

/** The row as a place the data lacks, or undefined when nothing on it says where that is. */
export function keepUnlisted(index: GeoIndex, where: Where): Kept | undefined {
  const { city, stateId } = where;
  if (!plausibleName(city)) return undefined;
  const spot = locate(index, where);
  if (!spot) return undefined;
  const { county, anchor, fromColumn } = spot;
  if (!where.elsewhere.length && looksMistyped(index, city, stateId)) return undefined;
  const state = index.states.get(stateKey(stateId))!;
  const name =
    city === city.toLowerCase() ? city.replace(/\b\p{L}/gu, (c) => c.toUpperCase()) : city;
  const place: RowPlace = {
    key: [stateId.toLowerCase(), county.key, baseName(city)].join('|'),
    city: name,
    cityId: compactName(city),
    stateId,
    stateName: state.name,
    county: county.display,
    counties: [{ name: county.display, id: county.id }],
    otherCounties: [],
    zips: [],
    latitude: anchor?.record.latitude ?? null,
    longitude: anchor?.record.longitude ?? null,
    population: null,
    source: 'customer',
  };
  const notes = [keptNote(where, place, anchor, fromColumn)];
  return { place, name, zips: keptZips(where, state.name, anchor, notes), notes };
}

/** The row's ZIPs within reach of the one that placed it; a note for each left out. */
function keptZips(where: Where, stateName: string, anchor: KnownZip | undefined, notes: string[]) {
  const kept: string[] = [];
  for (const { zip, record } of where.known) {
    const at = `ZIP ${zip} (${record.city}, ${record.stateId})`;
    const km = record.stateId === where.stateId ? haversineKm(anchor!.record, record) : NaN;
    if (Number.isNaN(km)) notes.push(`${at} is not in ${stateName}; left it out`);
    else if (km > ZIP_REACH_MILES * KM_PER_MILE)
      notes.push(
        `${at} lies ${Math.round(km / KM_PER_MILE)} miles from ZIP ${anchor!.zip}; left it out`,
      );
    else kept.push(zip);
  }
  return kept;
}

/** What we noticed: the name is not in the data (there), and where the row put it. */
function keptNote(
  where: Where,
  place: RowPlace,
  anchor: KnownZip | undefined,
  fromColumn: boolean,
) {
  const { city, elsewhere } = where;
  const counties = [...new Set(elsewhere.map((p) => p.county))];
  const known = elsewhere.length
    ? ` in ${place.county} (it has ${elsewhere[0]!.city}, ${place.stateId} in ${counties.join(', ')})`
    : ` for ${place.stateName}`;
  const source = fromColumn ? 'the County column' : `ZIP ${anchor!.zip}`;
  const map = anchor ? '' : '; add a ZIP to put it on the map';
  return `"${city}" is not in our place data${known}; kept it as written, in ${place.county} (from ${source})${map}`;
}
