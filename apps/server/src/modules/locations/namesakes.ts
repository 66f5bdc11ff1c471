import { KM_PER_MILE, haversineKm } from '../../lib/geo-math.ts';
import type { Place, ZipRecord } from './places.ts';

/**
 * Choosing among places of one name. The row's own words come first: a County column, then a
 * ZIP (the namesake whose post office it is, or the ones it lies near). Only when they leave
 * several does size decide, and only when one namesake dwarfs the rest: Plantation, FL is the
 * city of 92,560 in Broward County, not the CDPs of 4,919 and 1,885 in Sarasota and Monroe.
 */

// A ZIP farther than this from the city named on its row is not that city's.
export const ZIP_REACH_MILES = 25;
const ZIP_REACH_KM = ZIP_REACH_MILES * KM_PER_MILE;

/**
 * How many times the population of every other namesake in the state one must have to be
 * taken without a County column. Of the data's 293 same-state namesake groups whose places
 * all have a population, 24 pass (docs/decisions.md, "Namesakes"): Highland, IN (5.1×) and
 * Woodlawn, MD (6.0×) are taken; Waimea, HI (4.97×: the Big Island's and Kauai's are both
 * well known) and Midway, FL (4.9×) still ask.
 */
export const DOMINANT_RATIO = 5;

export type KnownZip = { zip: string; record: ZipRecord; place: Place };

export function inCounty(place: Place, countyId: string): boolean {
  return place.counties.some((c) => c.id === countyId);
}

const nearZip = (place: Place, k: KnownZip) =>
  k.place === place || haversineKm(place, k.record) <= ZIP_REACH_KM;

/** The namesakes a ZIP settles on: the one whose post office it is, else those near it. */
function byZips(places: Place[], known: KnownZip[]): Place[] {
  const offices = places.filter((p) => known.some((k) => k.place === p));
  if (offices.length === 1) return offices;
  return places.filter((p) => known.some((k) => nearZip(p, k)));
}

export type Narrowed = {
  places: Place[];
  /** A County column was given and no place of the name lies in it. */
  countyMissed: boolean;
};

/** The row's ZIPs in its state (all of them without one): those that say where it is. */
const zipsIn = (known: KnownZip[], stateId: string | undefined) =>
  stateId ? known.filter((k) => k.record.stateId === stateId) : known;

/** Whether the row's ZIPs in its state lie near none of the places. */
export function zipsMissed(places: Place[], known: KnownZip[], stateId: string | undefined) {
  const zips = zipsIn(known, stateId);
  return zips.length > 0 && !places.some((p) => zips.some((k) => nearZip(p, k)));
}

/**
 * Narrows the places a name means (`preferred`: by the name as written, else by a variant of
 * it) with the row's County and ZIPs. `all` holds every place any form of the name means
 * ("Clinton" and "Clinton Township"): the County, or a ZIP of its post office, may settle on
 * one of those instead, as the customer's words outrank which form they wrote.
 */
export function narrow(
  preferred: Place[],
  all: Place[],
  countyId: string | undefined,
  known: KnownZip[],
  stateId: string | undefined,
): Narrowed {
  let places = preferred;
  let countyMissed = false;
  if (countyId !== undefined) {
    const inIt = preferred.filter((p) => inCounty(p, countyId));
    const found = inIt.length ? inIt : [...new Set(all.filter((p) => inCounty(p, countyId)))];
    if (found.length) places = found;
    else countyMissed = true;
  }
  if (!known.length) return { places, countyMissed };
  if (places.length > 1) {
    const near = byZips(places, zipsIn(known, stateId));
    if (near.length) places = near;
  }
  // The ZIP's own post office bears another form of the name: "Clinton", MI with 48038 is
  // Clinton Township, not the village of Clinton 60 miles away.
  if (countyId === undefined && all.length > places.length && zipsMissed(places, known, stateId)) {
    const offices = [...new Set(all.filter((p) => known.some((k) => k.place === p)))];
    if (offices.length === 1) places = offices;
  }
  return { places, countyMissed };
}

/** The namesake with DOMINANT_RATIO times the population of each other one, if any. */
export function dominant(places: Place[]): Place | undefined {
  if (places.length < 2) return undefined;
  const state = places[0]!.stateId;
  // A post-office place has no population: it may be a township of 25,000 (Whitehall, PA).
  if (!places.every((p) => p.stateId === state && p.population)) return undefined;
  const [top, next] = [...places].sort((a, b) => b.population! - a.population!);
  return top!.population! >= DOMINANT_RATIO * next!.population! ? top : undefined;
}

const people = (n: number | null) => (n ?? 0).toLocaleString('en-US');

/**
 * What a row taken by size says: which one, and where the others are; and, unless the row's
 * County column already named none of them, how to pick another.
 */
export function dominantNote(place: Place, places: Place[], countyGiven: boolean): string {
  const others = places
    .filter((p) => p !== place)
    .sort((a, b) => b.population! - a.population!)
    .map((p) => `${p.county} (${people(p.population)})`);
  const list =
    others.length === 1
      ? `the smaller place of that name in ${others[0]}`
      : `the smaller places of that name in ${others.slice(0, -1).join(', ')} and ${others.at(-1)}`;
  const how = countyGiven ? '' : '; add a County column if you meant another';
  return `Took ${place.city}, ${place.stateId} in ${place.county} (population ${people(place.population)}), not ${list}${how}`;
}
