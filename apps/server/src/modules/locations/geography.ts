import { normaliseCounty, normaliseName } from './geo-names.ts';
import { getGeoIndex, type GeoIndex } from './geography-index.ts';
import { resolveRow, type LocationRow } from './resolve-row.ts';

export type { LocationRow } from './resolve-row.ts';

/**
 * Turns uploaded location rows into cities, offline, against the place and ZIP data
 * (geography-index.ts); the rules for one row are in resolve-row.ts. The same city uploaded
 * twice is one city.
 */

export type ResolvedCity = {
  /** `${stateId}|${county}|${city}`, lower-case and normalised: stable for a dataset. */
  key: string;
  /**
   * The keys the same place may carry in a project stored by an earlier dataset (one per
   * county it reaches into), so a re-upload merges into the city it already has.
   */
  altKeys: string[];
  city: string;
  stateId: string;
  stateName: string;
  county: string;
  /** Other counties the city reaches into. */
  otherCounties: string[];
  zips: string[];
  /** Null for a place the data lacks whose rows gave no ZIP to put it on the map. */
  latitude: number | null;
  longitude: number | null;
  lines: number[];
};

/**
 * Both errors (row dropped) and notes (row resolved, but not as written) are issues; a row
 * was resolved exactly when its line appears in some city's `lines`.
 */
export type LocationIssue = { line: number; reason: string; candidates?: string[] };

export type ResolveResult = { cities: ResolvedCity[]; issues: LocationIssue[]; merged: number };

/**
 * Gathers resolved rows into cities. ZIPs gather in sets and are sorted once at the end, so
 * many rows of one big city stay linear.
 */
function cityGatherer(index: GeoIndex) {
  const cities = new Map<string, { city: ResolvedCity; zips: Set<string> }>();
  const issues: LocationIssue[] = [];
  let merged = 0;
  function add(row: LocationRow) {
    const outcome = resolveRow(index, row);
    for (const note of outcome.notes) issues.push({ line: row.line, reason: note });
    if ('error' in outcome) {
      issues.push({
        line: row.line,
        reason: outcome.error,
        ...(outcome.candidates ? { candidates: outcome.candidates } : {}),
      });
      return;
    }
    const { place } = outcome;
    // A row without ZIPs means the whole city, so merging it into one with ZIPs gives all.
    const zips = outcome.zips.length > 0 ? outcome.zips : place.zips;
    const existing = cities.get(place.key);
    if (existing) {
      merged += 1;
      existing.city.lines.push(row.line);
      for (const zip of zips) existing.zips.add(zip);
      // A kept place's first row may have had only a County; a later one's ZIP places it.
      if (existing.city.latitude === null && place.latitude !== null) {
        existing.city.latitude = place.latitude;
        existing.city.longitude = place.longitude;
      }
      return;
    }
    const name = normaliseName(place.city);
    cities.set(place.key, {
      city: {
        key: place.key,
        altKeys: place.counties.map((c) =>
          [place.stateId.toLowerCase(), normaliseCounty(c.name), name].join('|'),
        ),
        city: outcome.name,
        stateId: place.stateId,
        stateName: place.stateName,
        county: place.county,
        otherCounties: place.otherCounties,
        zips: [],
        latitude: place.latitude,
        longitude: place.longitude,
        lines: [row.line],
      },
      zips: new Set(zips),
    });
  }
  function result(): ResolveResult {
    return {
      cities: [...cities.values()].map(({ city, zips }) => ({ ...city, zips: [...zips].sort() })),
      issues,
      merged,
    };
  }
  return { add, result };
}

/** Resolves rows against a given index; `resolveLocations` uses the built-in data. */
export function resolveLocationsWith(index: GeoIndex, rows: LocationRow[]): ResolveResult {
  const gather = cityGatherer(index);
  for (const row of rows) gather.add(row);
  return gather.result();
}

export function resolveLocations(rows: LocationRow[]): ResolveResult {
  return resolveLocationsWith(getGeoIndex(), rows);
}

// ~10 ms of matching between two turns of the event loop.
const ROWS_PER_TURN = 1_000;

/**
 * `resolveLocations` for a request: it gives the event loop a turn every ROWS_PER_TURN rows,
 * so a 30,000-row upload never holds the API for other requests for more than a few ms.
 */
export async function resolveLocationsInTurns(rows: LocationRow[]): Promise<ResolveResult> {
  const gather = cityGatherer(getGeoIndex());
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await new Promise((done) => setImmediate(done));
    gather.add(rows[i]!);
  }
  return gather.result();
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
