import { PointGrid, haversineKm } from '../../lib/geo-math.ts';
import {
  compactCounty,
  compactName,
  displayCounty,
  normaliseCounty,
  normaliseName,
  stateKey,
  withoutKind,
} from './geo-names.ts';
import { loadGeoNamesRows, loadPlaceRows, type PlaceRow, type SourceRow } from './geo-sources.ts';
import { postOfficeParts, postOfficePlace, type ZipEntry } from './post-office-places.ts';
import type { Place, ZipRecord } from './places.ts';

export type { Place, ZipRecord } from './places.ts';

/**
 * The offline gazetteer behind location uploads, built once per process on first use. Places
 * are municipalities and census-designated places (GeoNames cities500) — what customers
 * write — and ZIP codes (GeoNames postal data) attach to them: by post-office name, and by
 * lying within a place's reach. Post-office names the place data lacks (small towns,
 * unincorporated communities) are places too, so every post-office name a ZIP carries is
 * still found.
 */

export type StateInfo = { id: string; name: string };

export type GeoIndex = {
  /** Every ZIP with the place whose post office it is. */
  byZip: Map<string, { record: ZipRecord; place: Place }>;
  /** `${stateId}|${cityId}` → the places of that name in that state (almost always one). */
  byCityState: Map<string, Place[]>;
  /** Like byCityState, by a place's name without its kind ("New York" for New York City). */
  byKindless: Map<string, Place[]>;
  /** cityId → the states it is a name (or kindless name) in, sorted. */
  statesByCity: Map<string, string[]>;
  places: Place[];
  /** `${stateId}|${countyId}` (compactCounty of any spelling the data uses) → the county. */
  counties: Map<string, CountyRef>;
  /** `stateKey` of a state name, code or alias → the state. */
  states: Map<string, StateInfo>;
  /** Codes of US jurisdictions the dataset has no places for, so the message can say so. */
  uncovered: Map<string, StateInfo>;
  /** APO/FPO/DPO codes: real ZIPs, but overseas military mail rather than a city. */
  militaryZips: Set<string>;
};

export type GeoSources = {
  zips: SourceRow[];
  places?: PlaceRow[];
  militaryZips?: Iterable<string>;
};

// Connecticut: the ZIP data labels its ZIPs with the planning regions that replaced the
// counties in 2022, the place data with the eight historic counties people still name. Places
// take the historic county (their pages read "Fairfield County"); a County column may name
// either.
const CONNECTICUT_FIPS: Record<string, string> = {
  '001': 'Fairfield',
  '003': 'Hartford',
  '005': 'Litchfield',
  '007': 'Middlesex',
  '009': 'New Haven',
  '011': 'New London',
  '013': 'Tolland',
  '015': 'Windham',
};

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

/**
 * How far a place's town reaches from its centre, in km, from its population: ~2 km at
 * 10,000 people, ~12 km at a million. Sub-linear in area on purpose: big cities are denser
 * than suburbs. A rough stand-in for boundaries the data does not ship.
 */
export function reachKm(population: number | null): number {
  return Math.max(1.5, 0.05 * Math.max(0, population ?? 0) ** 0.4);
}
// A ZIP whose centre is within this many reaches of a place (and nearer, in reaches, than
// any other place) lies within that place.
export const WITHIN_REACHES = 2;
const MAX_REACH_KM = 25;
// A place no ZIP lies within takes the nearest ZIP this close (Bee Cave, TX: 78738, 4.5 km).
const NEAREST_ZIP_KM = 6;
// A post office's ZIPs join a place of the same name when this close (or 2.5 reaches).
const SAME_NAME_KM = 40;
// Same-name places this close are one place listed twice ("St. Charles" / "Saint Charles").
const DUPLICATE_KM = 10;

/** A county as pages print it (`display`), as keys hold it (`key`) and as lookups find it. */
export type CountyRef = { display: string; id: string; key: string };

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Builds the index from the datasets' rows (counties spelled as in the sources). Pure. */
export function buildGeoIndex(sources: GeoSources): GeoIndex {
  const states = new Map<string, StateInfo>();
  const counties = new Map<string, CountyRef>();
  const countyByCode = new Map<string, CountyRef>();
  const county = (stateId: string, raw: string): CountyRef => {
    const memo = `${stateId}|${raw}`;
    let found = counties.get(memo);
    if (!found) {
      found = {
        display: displayCounty(raw, stateId),
        id: compactCounty(raw),
        key: normaliseCounty(raw),
      };
      counties.set(memo, found);
    }
    return found;
  };
  for (const [code, name] of Object.entries(CONNECTICUT_FIPS))
    countyByCode.set(`CT|${code}`, county('CT', name));

  // ZIPs, grouped by post-office name within a state.
  const zipEntries: ZipEntry[] = [];
  const poGroups = new Map<string, ZipEntry[]>();
  const seen = new Set<string>();
  // ~41k ZIPs share ~30k post-office spellings: normalise each spelling once.
  const cityIds = new Map<string, string>();
  for (const row of sources.zips) {
    if (seen.has(row.zip)) continue;
    seen.add(row.zip);
    const c = county(row.stateId, row.county);
    if (row.countyCode && !countyByCode.has(`${row.stateId}|${row.countyCode}`))
      countyByCode.set(`${row.stateId}|${row.countyCode}`, c);
    const entry: ZipEntry = {
      record: {
        zip: row.zip,
        city: row.city,
        stateId: row.stateId,
        stateName: row.stateName,
        county: c.display,
        latitude: row.latitude,
        longitude: row.longitude,
      },
      countyId: c.id,
      countyKey: c.key,
    };
    zipEntries.push(entry);
    let cityId = cityIds.get(row.city);
    if (cityId === undefined) cityIds.set(row.city, (cityId = compactName(row.city)));
    pushTo(poGroups, `${row.stateId}|${cityId}`, entry);
    if (!states.has(stateKey(row.stateId))) {
      const info = { id: row.stateId, name: row.stateName };
      states.set(stateKey(row.stateId), info);
      states.set(stateKey(row.stateName), info);
    }
  }
  const dc = states.get('dc');
  if (dc) states.set('washingtondc', dc);
  const zipGrid = new PointGrid(zipEntries.map((e) => ({ ...e.record, entry: e })));

  // Places from the place data, one per real place.
  const places: Place[] = [];
  const byCityState = new Map<string, Place[]>();
  const byKey = new Map<string, Place>();
  const rows = [...(sources.places ?? [])].sort(
    (a, b) =>
      Number(a.feature === 'PPLX') - Number(b.feature === 'PPLX') || b.population - a.population,
  );
  for (const row of rows) {
    const state = states.get(stateKey(row.stateId));
    if (!state) continue;
    const cityId = compactName(row.name);
    const group = byCityState.get(`${state.id}|${cityId}`) ?? [];
    const section = row.feature === 'PPLX';
    // A city's section counts only where no place has its name.
    if (section && group.length) continue;
    if (group.some((p) => haversineKm(p, row) <= DUPLICATE_KM)) continue;
    const c =
      countyByCode.get(`${state.id}|${row.countyCode}`) ??
      // No county code (New York City), or one the ZIP data lacks: the nearest ZIP's county.
      (() => {
        const near = zipGrid.nearest(row, 60, (z) => z.stateId === state.id);
        return near
          ? { display: near.county, id: near.entry.countyId, key: near.entry.countyKey }
          : null;
      })();
    if (!c) continue;
    let key = [state.id.toLowerCase(), c.key, normaliseName(row.name)].join('|');
    if (byKey.has(key)) key = `${key}|${row.latitude.toFixed(2)},${row.longitude.toFixed(2)}`;
    const place: Place = {
      key,
      city: row.name,
      cityId,
      stateId: state.id,
      stateName: state.name,
      county: c.display,
      counties: [{ name: c.display, id: c.id }],
      otherCounties: [],
      zips: [],
      latitude: row.latitude,
      longitude: row.longitude,
      population: row.population,
      source: section ? 'section' : 'place',
    };
    byKey.set(key, place);
    places.push(place);
    pushTo(byCityState, `${state.id}|${cityId}`, place);
  }
  const byKindless = new Map<string, Place[]>();
  for (const place of places) {
    const kindless = withoutKind(place.city);
    if (kindless) pushTo(byKindless, `${place.stateId}|${kindless}`, place);
  }

  // Post offices: their ZIPs join the same-named place nearby, or make a place of their own.
  const byZip: GeoIndex['byZip'] = new Map();
  const postOfficeZips = new Map<Place, ZipEntry[]>();
  for (const [groupKey, entries] of poGroups) {
    const named = byCityState.get(groupKey) ?? byKindless.get(groupKey) ?? [];
    for (const part of postOfficeParts(entries)) {
      const flat = part.flat();
      const owners = flat.map((e) => {
        let best: { place: Place; km: number } | undefined;
        for (const place of named) {
          const km = haversineKm(place, e.record);
          if (!best || km < best.km) best = { place, km };
        }
        return best;
      });
      const joins = owners.some(
        (o) => o && o.km <= Math.max(SAME_NAME_KM, 2.5 * reachKm(o.place.population)),
      );
      const own = joins ? undefined : postOfficePlace(part);
      if (own && !byKey.has(own.key)) {
        const place = own;
        byKey.set(place.key, place);
        places.push(place);
        pushTo(byCityState, groupKey, place);
        for (const e of flat) byZip.set(e.record.zip, { record: e.record, place });
        continue;
      }
      // Same key as a listed place (same name, same county): that place's post office.
      const keyed = own && byKey.get(own.key);
      flat.forEach((e, i) => {
        const place = keyed || owners[i]!.place;
        byZip.set(e.record.zip, { record: e.record, place });
        pushTo(postOfficeZips, place, e);
      });
    }
  }

  // ZIPs within a place's reach: every place whose reach holds the ZIP's centre, and the one
  // it lies deepest in (measured in reaches) up to WITHIN_REACHES.
  const reachZips = new Map<Place, string[]>();
  const deepest = new Map<ZipEntry, { place: Place; depth: number }>();
  for (const place of places) {
    if (place.source === 'post-office') continue;
    const reach = reachKm(place.population);
    // The biggest cities' far ZIPs are theirs by post-office name anyway.
    const radius = Math.min(WITHIN_REACHES * reach, MAX_REACH_KM);
    for (const { item, km } of zipGrid.near(place, radius)) {
      if (item.stateId !== place.stateId) continue;
      const depth = km / reach;
      if (depth <= 1) pushTo(reachZips, place, item.zip);
      const best = deepest.get(item.entry);
      if (!best || depth < best.depth) deepest.set(item.entry, { place, depth });
    }
  }
  for (const [entry, { place, depth }] of deepest)
    if (depth > 1) pushTo(reachZips, place, entry.record.zip);

  for (const place of places) {
    if (place.source === 'post-office') continue;
    const own = postOfficeZips.get(place) ?? [];
    place.zips = [
      ...new Set([...own.map((e) => e.record.zip), ...(reachZips.get(place) ?? [])]),
    ].sort();
    if (!place.zips.length) {
      const nearest = zipGrid.nearest(place, NEAREST_ZIP_KM, (z) => z.stateId === place.stateId);
      if (nearest) place.zips = [nearest.zip];
    }
    // A County column may name any county its post office's ZIPs lie in; the page names only
    // those near enough to be the town itself. Connecticut's ZIP counties are planning
    // regions: a County column may name them, a page does not.
    const near = 1.5 * reachKm(place.population);
    for (const e of own) {
      if (place.counties.some((c) => c.id === e.countyId)) continue;
      place.counties.push({ name: e.record.county, id: e.countyId });
    }
    for (const e of own) {
      if (place.stateId === 'CT' || e.record.county === place.county) continue;
      if (place.otherCounties.includes(e.record.county)) continue;
      if (haversineKm(place, e.record) <= near) place.otherCounties.push(e.record.county);
    }
  }

  const countyRefs = new Map<string, CountyRef>();
  for (const [memo, c] of counties) {
    const stateId = memo.slice(0, memo.indexOf('|'));
    if (!countyRefs.has(`${stateId}|${c.id}`)) countyRefs.set(`${stateId}|${c.id}`, c);
  }

  const statesByCity = new Map<string, string[]>();
  for (const table of [byCityState, byKindless]) {
    for (const groupKey of table.keys()) {
      const [stateId = '', cityId = ''] = groupKey.split('|');
      const list = statesByCity.get(cityId) ?? [];
      if (!list.includes(stateId)) list.push(stateId);
      statesByCity.set(cityId, list);
    }
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
    byKindless,
    statesByCity,
    places,
    counties: countyRefs,
    states,
    uncovered,
    militaryZips: new Set(sources.militaryZips ?? []),
  };
}

let cached: GeoIndex | undefined;

/** The process-wide index, built on first use and kept for the process life. */
export function getGeoIndex(): GeoIndex {
  if (!cached) {
    const { rows, militaryZips } = loadGeoNamesRows();
    const stateZips = new Set(rows.map((r) => r.zip));
    cached = buildGeoIndex({
      zips: rows,
      places: loadPlaceRows(),
      militaryZips: militaryZips.filter((zip) => !stateZips.has(zip)),
    });
  }
  return cached;
}
