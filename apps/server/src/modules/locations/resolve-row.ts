import { KM_PER_MILE, haversineKm } from '../../lib/geo-math.ts';
import { compactCounty, compactName, stateKey } from './geo-names.ts';
import type { GeoIndex, Place } from './geography-index.ts';
import {
  describe,
  listForReason,
  placeOrder,
  placesNamed,
  type NameLookup,
} from './name-lookup.ts';
import {
  ZIP_REACH_MILES,
  dominant,
  dominantNote,
  narrow,
  zipsMissed,
  type KnownZip,
} from './namesakes.ts';
import type { RowPlace } from './places.ts';
import { keepUnlisted } from './unlisted-places.ts';

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
 * guessed — State narrows it, County or a ZIP settles it, and otherwise only a namesake that
 * dwarfs the others is taken, with a note (namesakes.ts). A name the data lacks where the
 * row's County or ZIP puts it is kept there under the customer's name (unlisted-places.ts).
 */

export { ZIP_REACH_MILES } from './namesakes.ts';
export type Outcome =
  | { place: RowPlace; name: string; zips: string[]; notes: string[] }
  | { error: string; candidates?: string[]; notes: string[] };

const miles = (km: number) => Math.round(km / KM_PER_MILE);

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

  const ask: Asked = { city, stateId, countyText, known, notes };
  const lookup = placesNamed(index, city, stateId);
  return lookup.ok ? chooseNamed(index, lookup, ask) : unknownName(index, lookup, ask);
}

/** What a row with a city name says besides it. */
type Asked = {
  city: string;
  stateId: string | undefined;
  countyText: string | undefined;
  known: KnownZip[];
  notes: string[];
};

/** The state a place the data lacks would be kept in: the row's, else its ZIPs' one state. */
function stateToKeepIn({ stateId, known }: Asked): string | undefined {
  const zipStates = new Set(known.map((k) => k.record.stateId));
  return stateId ?? (zipStates.size === 1 ? [...zipStates][0] : undefined);
}

function kept(index: GeoIndex, ask: Asked, elsewhere: Place[]): Outcome | undefined {
  const stateId = stateToKeepIn(ask);
  if (!stateId) return undefined;
  const found = keepUnlisted(index, {
    ...ask,
    stateId,
    elsewhere: elsewhere.filter((p) => p.stateId === stateId),
  });
  return found && { ...found, notes: [...ask.notes, ...found.notes] };
}

/** A name no place of the state (or of any, without one) has: kept where the row puts it. */
function unknownName(
  index: GeoIndex,
  lookup: Extract<NameLookup, { ok: false }>,
  ask: Asked,
): Outcome {
  const keptHere = kept(index, ask, []);
  if (keptHere) return keptHere;
  const hint = [...new Set(ask.known.map((k) => k.place))].map(describe);
  return {
    error: hint.length
      ? `${lookup.reason}${lookup.candidates ? '' : `; its ZIP is in ${hint.join('; ')}`}`
      : lookup.reason,
    ...(lookup.candidates
      ? { candidates: lookup.candidates }
      : hint.length
        ? { candidates: hint }
        : {}),
    notes: ask.notes,
  };
}

/** Why a row naming several places is not imported, and what settles it. */
function severalReason(city: string, places: Place[], missedCounty: string | undefined): string {
  const [first] = places;
  const list = listForReason(places);
  const countyNote = missedCounty ? ` (none in ${missedCounty})` : '';
  if (places.some((p) => p.stateId !== first!.stateId))
    return `${city} is in several states${countyNote}: ${list}; add a State column`;
  // Two places of one name in one county (Vincent, CA): only a ZIP tells them apart.
  if (places.every((p) => p.county === first!.county))
    return `${city}, ${first!.stateId} is several places in ${first!.county}: ${list}; add a ZIP code`;
  return `${city}, ${first!.stateId} is in several counties${countyNote}: ${list}; add a County column`;
}

/** Which of the places a known name means the row is about (namesakes.ts), and its ZIPs. */
function chooseNamed(
  index: GeoIndex,
  lookup: Extract<NameLookup, { ok: true }>,
  ask: Asked,
): Outcome {
  const { city, countyText, known, notes } = ask;
  const countyId = countyText ? compactCounty(countyText) : undefined;
  const { places, countyMissed } = narrow(lookup.places, lookup.all, countyId, known, ask.stateId);
  const big = places.length > 1 ? dominant(places) : undefined;
  const chosen = places.length === 1 ? places[0] : big;
  // The row puts the place where no place of its name is. A place matched only through
  // another form of its name is another place (Washington Township in Gloucester County, NJ
  // is not the borough of Washington in Warren County): it is kept where the row says. A
  // place of the name as written stays the data's (Austin, TX with County Harris is Travis
  // County's Austin, with a note), or asks which when there are several.
  const { cityId } = lookup;
  const variants = places.every((p) => p.cityId !== cityId);
  const located =
    countyMissed || (countyId === undefined && zipsMissed(places, known, ask.stateId));
  if (variants && located) {
    const keptHere = kept(index, ask, lookup.places);
    if (keptHere) return keptHere;
  }
  if (!chosen)
    return {
      error: severalReason(city, places, countyMissed ? countyText : undefined),
      candidates: places.map(describe),
      notes,
    };
  if (countyMissed)
    notes.push(
      `${chosen.city}, ${chosen.stateId} is in ${[chosen.county, ...chosen.otherCounties].join(', ')}, not ${countyText}; used ${chosen.county}`,
    );
  if (big) notes.push(dominantNote(big, places, countyMissed));
  const zips = attachZips(chosen, city, known, notes);
  // Matched through a variant of the name ("Shelby Township" → Shelby): the customer's name
  // is what the business calls it, so the page keeps it unless it was typed without capitals.
  // "City of Doral" is a form of address, not a name: that one reads better as the data has
  // it; "Township of Lower Merion" is the township's own name, and stays.
  const variant = chosen.cityId !== cityId;
  const keepTheirs =
    variant && city !== city.toLowerCase() && !/^(city|town|village|borough) of /i.test(city);
  if (variant)
    notes.push(
      `"${city}" matched ${chosen.city}, ${chosen.stateId}${keepTheirs ? `; kept the name "${city}"` : ''}`,
    );
  return { place: chosen, name: keepTheirs ? city : chosen.city, zips, notes };
}
