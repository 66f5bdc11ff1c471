import { haversineKm } from '../../lib/geo-math.ts';
import { compactName, normaliseName } from './geo-names.ts';
import type { Place, ZipRecord } from './places.ts';

/**
 * Places known only from the ZIP data: the post-office names of small towns and unincorporated
 * communities the place data does not list. A name's ZIPs in one state form one place when
 * they lie together; GeoNames gives each ZIP one county, so such a place straddling a county
 * line is labelled with the county holding most of its ZIPs.
 */

export type ZipEntry = { record: ZipRecord; countyId: string; countyKey: string };

// Parts of one post-office name in one state further apart than this are different places.
const SAME_PLACE_KM = 50;

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values[0] ?? '';
  for (const [value, count] of counts) if (count > (counts.get(best) ?? 0)) best = value;
  return best;
}

/** Splits one (state, post-office name) group into parts: county parts within reach merge. */
export function postOfficeParts(entries: ZipEntry[]): ZipEntry[][][] {
  const byCounty = new Map<string, ZipEntry[]>();
  for (const entry of entries) {
    const list = byCounty.get(entry.countyId);
    if (list) list.push(entry);
    else byCounty.set(entry.countyId, [entry]);
  }
  const parts = [...byCounty.values()];
  const parent = parts.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const near = (a: ZipEntry, b: ZipEntry) => haversineKm(a.record, b.record) <= SAME_PLACE_KM;
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      if (parts[i]!.some((a) => parts[j]!.some((b) => near(a, b)))) parent[root(j)] = root(i);
    }
  }
  const groups = new Map<number, ZipEntry[][]>();
  parts.forEach((part, i) => {
    const list = groups.get(root(i));
    if (list) list.push(part);
    else groups.set(root(i), [part]);
  });
  return [...groups.values()];
}

const lowestZip = (part: ZipEntry[]) =>
  part.reduce((min, e) => (e.record.zip < min ? e.record.zip : min), '99999');

/** A place made of one post office's ZIPs; its centre is their mean. */
export function postOfficePlace(group: ZipEntry[][]): Place {
  // Primary county: most ZIPs; on a tie, the one with the lowest ZIP, which is usually the
  // main post office. Deterministic, so keys stay stable for a given dataset.
  group.sort((a, b) => b.length - a.length || lowestZip(a).localeCompare(lowestZip(b)));
  const all = group.flat();
  const primary = group[0]![0]!;
  const city = mostCommon(all.map((e) => e.record.city));
  return {
    key: [primary.record.stateId.toLowerCase(), primary.countyKey, normaliseName(city)].join('|'),
    city,
    cityId: compactName(city),
    stateId: primary.record.stateId,
    stateName: primary.record.stateName,
    county: primary.record.county,
    counties: group.map((part) => ({ name: part[0]!.record.county, id: part[0]!.countyId })),
    otherCounties: group.slice(1).map((part) => part[0]!.record.county),
    zips: all.map((e) => e.record.zip).sort(),
    latitude: all.reduce((sum, e) => sum + e.record.latitude, 0) / all.length,
    longitude: all.reduce((sum, e) => sum + e.record.longitude, 0) / all.length,
    population: null,
    source: 'post-office',
  };
}
