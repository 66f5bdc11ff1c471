import { KM_PER_MILE, haversineKm } from '../../lib/geo-math.ts';
import { compactCounty, compactName, stateKey, withoutKind } from './geo-names.ts';
import type { GeoIndex, Place, ZipRecord } from './geography-index.ts';

export type LocationRow = {
  line: number;
  city?: string;
  state?: string;
  county?: string;
  zips: string[];
};

/**
 * One row of an upload → the one place it means, or why not. The customer's city is
 * authoritative: a ZIP on its row is attached to it (with a note when its post office is
 * named otherwise), never used to rename it; a name that could be several places is never
 * guessed — State narrows it, County or a ZIP settles it.
 */

// A ZIP farther than this from the city named on its row is not that city's.
export const ZIP_REACH_MILES = 25;
// Enough candidates to recognise the right one in a message; the full list rides in
// `candidates`.
const LISTED_IN_REASON = 8;

export type Outcome =
  | { place: Place; name: string; zips: string[]; notes: string[] }
  | { error: string; candidates?: string[]; notes: string[] };

export function describe(place: Place): string {
  return `${place.city}, ${place.stateId} (${place.county})`;
}

function listForReason(places: Place[]): string {
  const shown = places.slice(0, LISTED_IN_REASON).map(describe).join('; ');
  const more = places.length - LISTED_IN_REASON;
  return more > 0 ? `${shown}; and ${more} more` : shown;
}

function placeOrder(a: Place, b: Place): number {
  return (
    a.stateId.localeCompare(b.stateId) ||
    (b.population ?? 0) - (a.population ?? 0) ||
    a.county.localeCompare(b.county)
  );
}

type NameLookup =
  | { ok: true; places: Place[]; variant: boolean }
  | { ok: false; reason: string; candidates?: string[] };

/** The places a lookup form names, in one state or in all; `kindless` when by a short name. */
function named(index: GeoIndex, cityId: string, stateId: string | undefined) {
  const states = stateId ? [stateId] : (index.statesByCity.get(cityId) ?? []);
  const exact = states.flatMap((id) => index.byCityState.get(`${id}|${cityId}`) ?? []);
  if (exact.length) return { places: exact, kindless: false };
  const places = states.flatMap((id) => index.byKindless.get(`${id}|${cityId}`) ?? []);
  return { places, kindless: true };
}

/**
 * Every place the city name can mean, narrowed by the state when one is given: the name as
 * written first, then without the kind of municipality ("Shelby Township" → Shelby).
 */
function placesNamed(index: GeoIndex, city: string, stateId: string | undefined): NameLookup {
  const forms = [compactName(city)];
  const kindless = withoutKind(city);
  if (kindless && kindless !== forms[0]) forms.push(kindless);
  for (const [i, form] of forms.entries()) {
    const found = named(index, form, stateId);
    if (found.places.length)
      return { ok: true, places: found.places.sort(placeOrder), variant: i > 0 || found.kindless };
  }
  const where = stateId ? index.states.get(stateKey(stateId))?.name : 'the place data';
  if (!stateId) return { ok: false, reason: `City "${city}" was not found in ${where}` };
  const everywhere = forms.flatMap((form) => named(index, form, undefined).places).sort(placeOrder);
  if (!everywhere.length)
    return { ok: false, reason: `City "${city}" was not found in ${where ?? stateId}` };
  return {
    ok: false,
    reason: `${city} was not found in ${where ?? stateId}; it is in: ${listForReason(everywhere)}`,
    candidates: everywhere.map(describe),
  };
}

function inCounty(place: Place, countyId: string): boolean {
  return place.counties.some((c) => c.id === countyId);
}

const miles = (km: number) => Math.round(km / KM_PER_MILE);

type KnownZip = { zip: string; record: ZipRecord; place: Place };

/** The row's ZIPs the data knows, and a note for each it does not. */
function readZips(index: GeoIndex, row: LocationRow, notes: string[]): KnownZip[] {
  const known: KnownZip[] = [];
  for (const raw of new Set(row.zips.map((z) => z.trim()).filter(Boolean))) {
    const hit = index.byZip.get(raw);
    if (hit) known.push({ zip: raw, ...hit });
    else if (index.militaryZips.has(raw))
      notes.push(`ZIP ${raw} is a military (APO/FPO) address, not a city; left it out`);
    else if (/^\d{5}$/.test(raw)) notes.push(`ZIP ${raw} was not found in the ZIP code data`);
    else notes.push(`"${raw}" is not a 5-digit ZIP code`);
  }
  return known;
}

/** The row's ZIPs that lie within reach of the place, with a note for each that does not. */
function attachZips(place: Place, city: string, known: KnownZip[], notes: string[]): string[] {
  const kept: string[] = [];
  for (const { zip, record, place: owner } of known) {
    const km = haversineKm(place, record);
    // The city's own post office's ZIPs are its own however far out they lie (Jacksonville).
    if (owner !== place && km > ZIP_REACH_MILES * KM_PER_MILE) {
      notes.push(
        `ZIP ${zip} (${record.city}, ${record.stateId}) lies ${miles(km)} miles from ${place.city}, ${place.stateId}; left it out`,
      );
      continue;
    }
    kept.push(zip);
    const office = compactName(record.city);
    if (office === place.cityId || office === compactName(city)) continue;
    const where =
      record.stateId === place.stateId ? record.city : `${record.city}, ${record.stateId}`;
    notes.push(`ZIP ${zip}'s post office is ${where}; kept it under ${place.city}`);
  }
  return kept;
}

/** A row with a ZIP and no city: the place whose post office the ZIP is. */
function byZipOnly(
  known: KnownZip[],
  stateId: string | undefined,
  stateText: string | undefined,
  notes: string[],
): Outcome {
  const places = [...new Set(known.map((k) => k.place))];
  const zips = known.map((k) => k.zip);
  if (places.length > 1) {
    const sorted = places.sort(placeOrder);
    return {
      error: `The ZIPs on this row belong to different cities: ${listForReason(sorted)}; put each city on its own row`,
      candidates: sorted.map(describe),
      notes,
    };
  }
  const place = places[0]!;
  if (stateText && stateId !== place.stateId) {
    const zipWord = zips.length === 1 ? `ZIP ${zips[0]} is` : `ZIPs ${zips.join(', ')} are`;
    notes.push(`${zipWord} in ${place.city}, ${place.stateId}, not ${stateText}`);
  }
  return { place, name: place.city, zips, notes };
}

export function resolveRow(index: GeoIndex, row: LocationRow): Outcome {
  const notes: string[] = [];
  const city = row.city?.trim() || undefined;
  const stateText = row.state?.trim() || undefined;
  const countyText = row.county?.trim() || undefined;

  let stateId: string | undefined;
  let stateError: string | undefined;
  if (stateText) {
    const state = index.states.get(stateKey(stateText));
    const uncovered = index.uncovered.get(stateKey(stateText));
    if (state) stateId = state.id;
    else if (uncovered)
      stateError = `${uncovered.name} (${uncovered.id}) is not covered by the place data`;
    else stateError = `Unknown state "${stateText}"`;
  }
  const known = readZips(index, row, notes);

  if (!city) {
    if (known.length) return byZipOnly(known, stateId, stateText, notes);
    if (stateError) return { error: stateError, notes };
    return {
      error: row.zips.length > 0 ? 'No known ZIP code and no city' : 'No city or ZIP code given',
      notes,
    };
  }
  if (stateError) return { error: stateError, notes };

  const lookup = placesNamed(index, city, stateId);
  if (!lookup.ok) {
    const hint = [...new Set(known.map((k) => k.place))].map(describe);
    return {
      error: hint.length
        ? `${lookup.reason}${lookup.candidates ? '' : `; its ZIP is in ${hint.join('; ')}`}`
        : lookup.reason,
      ...(lookup.candidates
        ? { candidates: lookup.candidates }
        : hint.length
          ? { candidates: hint }
          : {}),
      notes,
    };
  }
  let places = lookup.places;
  if (countyText) {
    const countyId = compactCounty(countyText);
    const matching = places.filter((p) => inCounty(p, countyId));
    if (matching.length > 0) places = matching;
    else if (places.length === 1)
      notes.push(
        `${places[0]!.city}, ${places[0]!.stateId} is in ${[places[0]!.county, ...places[0]!.otherCounties].join(', ')}, not ${countyText}; used ${places[0]!.county}`,
      );
  }
  if (places.length > 1 && known.length) {
    // A ZIP settles which of several namesakes the row means: the one it lies near.
    const near = places.filter((p) =>
      known.some((k) => haversineKm(p, k.record) <= ZIP_REACH_MILES * KM_PER_MILE),
    );
    if (near.length === 1) places = near;
  }
  if (places.length > 1) {
    const sameState = places.every((p) => p.stateId === places[0]!.stateId);
    const countyNote = countyText ? ` (none in ${countyText})` : '';
    return {
      error: sameState
        ? `${city}, ${places[0]!.stateId} is in several counties${countyNote}: ${listForReason(places)}; add a County column`
        : `${city} is in several states${countyNote}: ${listForReason(places)}; add a State column`,
      candidates: places.map(describe),
      notes,
    };
  }
  const place = places[0]!;
  const zips = attachZips(place, city, known, notes);
  // Matched through a variant of the name ("Shelby Township" → Shelby): the customer's name
  // is what the business calls it, so the page keeps it unless it was typed without capitals.
  // "City of Doral" is a form of address, not a name: that one reads better as the data has it.
  const keepTheirs =
    lookup.variant &&
    city !== city.toLowerCase() &&
    !/^(city|town|village|township|borough) of /i.test(city);
  if (lookup.variant)
    notes.push(
      `"${city}" matched ${place.city}, ${place.stateId}${keepTheirs ? `; kept the name "${city}"` : ''}`,
    );
  return { place, name: keepTheirs ? city : place.city, zips, notes };
}
