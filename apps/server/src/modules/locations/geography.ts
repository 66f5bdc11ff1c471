import {
  compactCounty,
  compactName,
  getGeoIndex,
  stateKey,
  type GeoIndex,
  type Place,
} from './geography-index.ts';

/**
 * Turns uploaded location rows into cities, offline, against the GeoNames ZIP data. The
 * product rules: a ZIP beats a city name that contradicts it (with a note); a name that could
 * be several places is never guessed, the State column narrows it and County settles it;
 * the same city uploaded twice is one city.
 */

export type LocationRow = {
  line: number;
  city?: string;
  state?: string;
  county?: string;
  zips: string[];
};

export type ResolvedCity = {
  /** `${stateId}|${county}|${city}`, lower-case and normalised: stable for a dataset. */
  key: string;
  city: string;
  stateId: string;
  stateName: string;
  county: string;
  zips: string[];
  latitude: number;
  longitude: number;
  lines: number[];
};

/**
 * Both errors (row dropped) and notes (row resolved, but not as written) are issues; a row
 * was resolved exactly when its line appears in some city's `lines`.
 */
export type LocationIssue = { line: number; reason: string; candidates?: string[] };

export type ResolveResult = { cities: ResolvedCity[]; issues: LocationIssue[]; merged: number };

// Enough candidates to recognise the right one in a message; the full list rides in
// `candidates`.
const LISTED_IN_REASON = 8;

function describe(place: Place): string {
  return `${place.city}, ${place.stateId} (${place.county})`;
}

function listForReason(places: Place[]): string {
  const shown = places.slice(0, LISTED_IN_REASON).map(describe).join('; ');
  const more = places.length - LISTED_IN_REASON;
  return more > 0 ? `${shown}; and ${more} more` : shown;
}

function placeOrder(a: Place, b: Place): number {
  return a.stateId.localeCompare(b.stateId) || a.county.localeCompare(b.county);
}

type NameLookup =
  | { ok: true; places: Place[]; droppedCity: boolean }
  | { ok: false; reason: string; candidates?: string[] };

/**
 * Every place the city name can mean, narrowed by the state when one is given. Users write
 * "New York City" for the data's "New York", so a trailing "City" is dropped as a fallback.
 */
function placesNamed(index: GeoIndex, city: string, stateId: string | undefined): NameLookup {
  let cityId = compactName(city);
  let droppedCity = false;
  if (!index.statesByCity.has(cityId) && cityId.length > 4 && cityId.endsWith('city')) {
    const shorter = cityId.slice(0, -4);
    if (index.statesByCity.has(shorter)) {
      cityId = shorter;
      droppedCity = true;
    }
  }
  const stateIds = index.statesByCity.get(cityId);
  if (!stateIds) {
    const where = stateId ? index.states.get(stateKey(stateId))?.name : 'the ZIP code data';
    return { ok: false, reason: `City "${city}" was not found in ${where ?? stateId}` };
  }
  const everywhere = stateIds.flatMap((id) => index.byCityState.get(`${id}|${cityId}`) ?? []);
  everywhere.sort(placeOrder);
  if (!stateId) return { ok: true, places: everywhere, droppedCity };
  const inState = index.byCityState.get(`${stateId}|${cityId}`);
  if (!inState) {
    const stateName = index.states.get(stateKey(stateId))?.name ?? stateId;
    return {
      ok: false,
      reason: `${city} was not found in ${stateName}; it is in: ${listForReason(everywhere)}`,
      candidates: everywhere.map(describe),
    };
  }
  return { ok: true, places: inState, droppedCity };
}

function countyMatches(place: Place, countyId: string): boolean {
  return place.counties.some((c) => c.id === countyId);
}

function nameMatches(place: Place, city: string): boolean {
  const id = compactName(city);
  return id === place.cityId || (id.endsWith('city') && id.slice(0, -4) === place.cityId);
}

type Outcome =
  | { place: Place; zips: string[]; notes: string[] }
  | { error: string; candidates?: string[]; notes: string[] };

/** Picks the one place a row means, or says why it cannot. */
function resolveRow(index: GeoIndex, row: LocationRow): Outcome {
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
      stateError = `${uncovered.name} (${uncovered.id}) is not covered by the ZIP code data`;
    else stateError = `Unknown state "${stateText}"`;
  }

  const known: Array<{ zip: string; place: Place }> = [];
  for (const raw of new Set(row.zips.map((z) => z.trim()).filter(Boolean))) {
    const hit = index.byZip.get(raw);
    if (hit) known.push({ zip: raw, place: hit.place });
    else if (index.militaryZips.has(raw))
      notes.push(`ZIP ${raw} is a military (APO/FPO) address, not a city; left it out`);
    else if (/^\d{5}$/.test(raw)) notes.push(`ZIP ${raw} was not found in the ZIP code data`);
    else notes.push(`"${raw}" is not a 5-digit ZIP code`);
  }
  const zipPlaces = [...new Set(known.map((k) => k.place))];
  const rowZips = known.map((k) => k.zip);

  if (zipPlaces.length === 1) {
    // The ZIP wins: say what it overrode, if anything.
    const place = zipPlaces[0]!;
    const overridden: string[] = [];
    if (city && !nameMatches(place, city)) overridden.push(city);
    if (stateText && stateId !== place.stateId) overridden.push(stateText);
    if (countyText && !countyMatches(place, compactCounty(countyText))) overridden.push(countyText);
    if (overridden.length > 0) {
      const zipWord = rowZips.length === 1 ? `ZIP ${rowZips[0]}` : `ZIPs ${rowZips.join(', ')}`;
      const [verb, pronoun] = rowZips.length === 1 ? ['is', 'it'] : ['are', 'them'];
      notes.push(
        `${zipWord} ${verb} in ${place.city}, ${place.stateId}; used ${pronoun} instead of ${overridden.join(', ')}`,
      );
    }
    return { place, zips: rowZips, notes };
  }

  if (zipPlaces.length > 1) {
    // ZIPs of several cities: only the city name can say which one the row is about.
    const named = city ? placesNamed(index, city, stateId) : undefined;
    const chosen = named?.ok ? named.places.filter((p) => zipPlaces.includes(p)) : [];
    if (chosen.length === 1) {
      const place = chosen[0]!;
      const elsewhere = known.filter((k) => k.place !== place);
      notes.push(
        `${elsewhere.map((k) => `ZIP ${k.zip} is in ${k.place.city}, ${k.place.stateId}`).join('; ')}; kept in ${place.city}'s ZIPs as given`,
      );
      return { place, zips: rowZips, notes };
    }
    const sorted = [...zipPlaces].sort(placeOrder);
    return {
      error: `The ZIPs on this row belong to different cities: ${listForReason(sorted)}; put each city on its own row`,
      candidates: sorted.map(describe),
      notes,
    };
  }

  // No usable ZIP: the name decides.
  if (stateError) return { error: stateError, notes };
  if (!city) {
    return {
      error: row.zips.length > 0 ? 'No known ZIP code and no city' : 'No city or ZIP code given',
      notes,
    };
  }
  const named = placesNamed(index, city, stateId);
  if (!named.ok) {
    return {
      error: named.reason,
      ...(named.candidates ? { candidates: named.candidates } : {}),
      notes,
    };
  }
  let places = named.places;
  if (countyText) {
    const countyId = compactCounty(countyText);
    const inCounty = places.filter((p) => countyMatches(p, countyId));
    if (inCounty.length > 0) places = inCounty;
    else if (places.length === 1)
      notes.push(
        `${places[0]!.city}, ${places[0]!.stateId} is in ${places[0]!.counties.map((c) => c.name).join(', ')}, not ${countyText}; used ${places[0]!.county}`,
      );
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
  if (named.droppedCity) notes.push(`"${city}" matched ${place.city}, ${place.stateId}`);
  return { place, zips: [], notes };
}

/** Resolves rows against a given index; `resolveLocations` uses the built-in data. */
export function resolveLocationsWith(index: GeoIndex, rows: LocationRow[]): ResolveResult {
  // ZIPs gather in sets and are sorted once at the end, so many rows of one big city stay
  // linear.
  const cities = new Map<string, { city: ResolvedCity; zips: Set<string> }>();
  const issues: LocationIssue[] = [];
  let merged = 0;
  for (const row of rows) {
    const outcome = resolveRow(index, row);
    for (const note of outcome.notes) issues.push({ line: row.line, reason: note });
    if ('error' in outcome) {
      issues.push({
        line: row.line,
        reason: outcome.error,
        ...(outcome.candidates ? { candidates: outcome.candidates } : {}),
      });
      continue;
    }
    const { place } = outcome;
    // A row without ZIPs means the whole city, so merging it into one with ZIPs gives all.
    const zips = outcome.zips.length > 0 ? outcome.zips : place.zips;
    const existing = cities.get(place.key);
    if (existing) {
      merged += 1;
      existing.city.lines.push(row.line);
      for (const zip of zips) existing.zips.add(zip);
      continue;
    }
    cities.set(place.key, {
      city: {
        key: place.key,
        city: place.city,
        stateId: place.stateId,
        stateName: place.stateName,
        county: place.county,
        zips: [],
        latitude: place.latitude,
        longitude: place.longitude,
        lines: [row.line],
      },
      zips: new Set(zips),
    });
  }
  return {
    cities: [...cities.values()].map(({ city, zips }) => ({ ...city, zips: [...zips].sort() })),
    issues,
    merged,
  };
}

export function resolveLocations(rows: LocationRow[]): ResolveResult {
  return resolveLocationsWith(getGeoIndex(), rows);
}

/**
 * For each city, its k nearest others by great-circle distance, nearest first. Cities are
 * scanned outward in latitude order and a direction stops once the latitude gap alone is
 * farther than the k-th best so far, so real city sets need far fewer than n² distances.
 * Cities without coordinates get no neighbours and are nobody's neighbour.
 */
export function nearestCities(
  cities: Array<{ id: string; latitude: number | null; longitude: number | null }>,
  k: number,
): Map<string, string[]> {
  const result = new Map<string, string[]>();
  const rad = Math.PI / 180;
  const points: Array<{ id: string; order: number; lat: number; lon: number; cos: number }> = [];
  cities.forEach((c, order) => {
    result.set(c.id, []);
    if (c.latitude === null || c.longitude === null) return;
    if (!Number.isFinite(c.latitude) || !Number.isFinite(c.longitude)) return;
    const lat = c.latitude * rad;
    points.push({ id: c.id, order, lat, lon: c.longitude * rad, cos: Math.cos(lat) });
  });
  if (k <= 0) return result;
  points.sort((a, b) => a.lat - b.lat || a.order - b.order);

  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    // Haversine's inner term h grows with distance, so it ranks without the asin; the
    // latitude-only part sin²(Δφ/2) is a lower bound of h for any longitude.
    const best: Array<{ h: number; order: number; id: string }> = [];
    const consider = (q: (typeof points)[number]) => {
      const h =
        Math.sin((q.lat - p.lat) / 2) ** 2 + p.cos * q.cos * Math.sin((q.lon - p.lon) / 2) ** 2;
      if (best.length === k) {
        const worst = best[k - 1]!;
        if (h > worst.h || (h === worst.h && q.order > worst.order)) return;
        best.pop();
      }
      let at = best.length;
      while (
        at > 0 &&
        (best[at - 1]!.h > h || (best[at - 1]!.h === h && best[at - 1]!.order > q.order))
      )
        at--;
      best.splice(at, 0, { h, order: q.order, id: q.id });
    };
    let down = i - 1;
    let up = i + 1;
    while (down >= 0 || up < points.length) {
      const gapDown = down >= 0 ? Math.sin((p.lat - points[down]!.lat) / 2) ** 2 : Infinity;
      const gapUp = up < points.length ? Math.sin((points[up]!.lat - p.lat) / 2) ** 2 : Infinity;
      const limit = best.length === k ? best[k - 1]!.h : Infinity;
      if (Math.min(gapDown, gapUp) > limit) break;
      if (gapDown <= gapUp) consider(points[down--]!);
      else consider(points[up++]!);
    }
    result.set(
      p.id,
      best.map((b) => b.id),
    );
  }
  return result;
}
