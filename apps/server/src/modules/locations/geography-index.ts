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

type ZipGrid = PointGrid<ZipRecord & { entry: ZipEntry }>;

/** Counties as the sources spell them, each spelling made once, and found by FIPS code. */
function countyBook() {
  const bySpelling = new Map<string, CountyRef>();
  const byCode = new Map<string, CountyRef>();
  const county = (stateId: string, raw: string): CountyRef => {
    const memo = `${stateId}|${raw}`;
    let found = bySpelling.get(memo);
    if (!found) {
      found = {
        display: displayCounty(raw, stateId),
        id: compactCounty(raw),
        key: normaliseCounty(raw),
      };
      bySpelling.set(memo, found);
    }
    return found;
  };
  for (const [code, name] of Object.entries(CONNECTICUT_FIPS))
    byCode.set(`CT|${code}`, county('CT', name));
  /** `${stateId}|${countyId}` → the county, the first spelling of each id kept. */
  const refs = () => {
    const out = new Map<string, CountyRef>();
    for (const [memo, c] of bySpelling) {
      const stateId = memo.slice(0, memo.indexOf('|'));
      if (!out.has(`${stateId}|${c.id}`)) out.set(`${stateId}|${c.id}`, c);
    }
    return out;
  };
  return { county, byCode, refs };
}
type CountyBook = ReturnType<typeof countyBook>;

/** Every ZIP once, grouped by post-office name within its state, and the states they name. */
function indexZips(rows: SourceRow[], counties: CountyBook) {
  const entries: ZipEntry[] = [];
  const poGroups = new Map<string, ZipEntry[]>();
  const states = new Map<string, StateInfo>();
  const seen = new Set<string>();
  // ~41k ZIPs share ~30k post-office spellings: normalise each spelling once.
  const cityIds = new Map<string, string>();
  for (const row of rows) {
    if (seen.has(row.zip)) continue;
    seen.add(row.zip);
    const c = counties.county(row.stateId, row.county);
    const code = `${row.stateId}|${row.countyCode}`;
    if (row.countyCode && !counties.byCode.has(code)) counties.byCode.set(code, c);
    const { zip, city, stateId, stateName, latitude, longitude } = row;
    const record = { zip, city, stateId, stateName, county: c.display, latitude, longitude };
    const entry: ZipEntry = { record, countyId: c.id, countyKey: c.key };
    entries.push(entry);
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
  const grid: ZipGrid = new PointGrid(entries.map((e) => ({ ...e.record, entry: e })));
  return { poGroups, states, grid };
}

/** The places as the index keeps them: a list, by name within a state, and by key. */
type PlaceTables = {
  places: Place[];
  byCityState: Map<string, Place[]>;
  byKey: Map<string, Place>;
};

function addPlace(tables: PlaceTables, groupKey: string, place: Place) {
  tables.byKey.set(place.key, place);
  tables.places.push(place);
  pushTo(tables.byCityState, groupKey, place);
}

/** A place row's county: by its code, else (New York City, or a code the ZIPs lack) the
 * nearest ZIP's. */
function placeCounty(row: PlaceRow, stateId: string, counties: CountyBook, grid: ZipGrid) {
  const coded = counties.byCode.get(`${stateId}|${row.countyCode}`);
  if (coded) return coded;
  const near = grid.nearest(row, 60, (z) => z.stateId === stateId);
  return near ? { display: near.county, id: near.entry.countyId, key: near.entry.countyKey } : null;
}

/** Places from the place data, one per real place: sections only where no place has the
 * name, same-named places this close taken as one listed twice. */
function indexPlaces(
  rows: PlaceRow[],
  zips: ReturnType<typeof indexZips>,
  counties: CountyBook,
): PlaceTables {
  const tables: PlaceTables = { places: [], byCityState: new Map(), byKey: new Map() };
  const sorted = [...rows].sort(
    (a, b) =>
      Number(a.feature === 'PPLX') - Number(b.feature === 'PPLX') || b.population - a.population,
  );
  for (const row of sorted) {
    const state = zips.states.get(stateKey(row.stateId));
    if (!state) continue;
    const cityId = compactName(row.name);
    const group = tables.byCityState.get(`${state.id}|${cityId}`) ?? [];
    const section = row.feature === 'PPLX';
    if (section && group.length) continue;
    if (group.some((p) => haversineKm(p, row) <= DUPLICATE_KM)) continue;
    const c = placeCounty(row, state.id, counties, zips.grid);
    if (!c) continue;
    let key = [state.id.toLowerCase(), c.key, normaliseName(row.name)].join('|');
    if (tables.byKey.has(key))
      key = `${key}|${row.latitude.toFixed(2)},${row.longitude.toFixed(2)}`;
    addPlace(tables, `${state.id}|${cityId}`, {
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
    });
  }
  return tables;
}

function kindlessIndex(places: Place[]) {
  const byKindless = new Map<string, Place[]>();
  for (const place of places) {
    const kindless = withoutKind(place.city);
    if (kindless) pushTo(byKindless, `${place.stateId}|${kindless}`, place);
  }
  return byKindless;
}

/** The nearest of the same-named places to each ZIP of a post office. */
function nearestNamed(named: Place[], flat: ZipEntry[]) {
  return flat.map((e) => {
    let best: { place: Place; km: number } | undefined;
    for (const place of named) {
      const km = haversineKm(place, e.record);
      if (!best || km < best.km) best = { place, km };
    }
    return best;
  });
}

/** Post offices: their ZIPs join the same-named place nearby, or make a place of their own. */
function joinPostOffices(
  poGroups: Map<string, ZipEntry[]>,
  tables: PlaceTables,
  byKindless: Map<string, Place[]>,
) {
  const byZip: GeoIndex['byZip'] = new Map();
  const postOfficeZips = new Map<Place, ZipEntry[]>();
  for (const [groupKey, entries] of poGroups) {
    const named = tables.byCityState.get(groupKey) ?? byKindless.get(groupKey) ?? [];
    for (const part of postOfficeParts(entries)) {
      const flat = part.flat();
      const owners = nearestNamed(named, flat);
      const joins = owners.some(
        (o) => o && o.km <= Math.max(SAME_NAME_KM, 2.5 * reachKm(o.place.population)),
      );
      const own = joins ? undefined : postOfficePlace(part);
      if (own && !tables.byKey.has(own.key)) {
        addPlace(tables, groupKey, own);
        for (const e of flat) byZip.set(e.record.zip, { record: e.record, place: own });
        continue;
      }
      // Same key as a listed place (same name, same county): that place's post office.
      const keyed = own && tables.byKey.get(own.key);
      flat.forEach((e, i) => {
        const place = keyed || owners[i]!.place;
        byZip.set(e.record.zip, { record: e.record, place });
        pushTo(postOfficeZips, place, e);
      });
    }
  }
  return { byZip, postOfficeZips };
}

/** ZIPs within a place's reach: every place whose reach holds the ZIP's centre, and the one
 * it lies deepest in (measured in reaches) up to WITHIN_REACHES. */
function zipsWithinReach(places: Place[], grid: ZipGrid) {
  const reachZips = new Map<Place, string[]>();
  const deepest = new Map<ZipEntry, { place: Place; depth: number }>();
  for (const place of places) {
    if (place.source === 'post-office') continue;
    const reach = reachKm(place.population);
    // The biggest cities' far ZIPs are theirs by post-office name anyway.
    const radius = Math.min(WITHIN_REACHES * reach, MAX_REACH_KM);
    for (const { item, km } of grid.near(place, radius)) {
      if (item.stateId !== place.stateId) continue;
      const depth = km / reach;
      if (depth <= 1) pushTo(reachZips, place, item.zip);
      const best = deepest.get(item.entry);
      if (!best || depth < best.depth) deepest.set(item.entry, { place, depth });
    }
  }
  for (const [entry, { place, depth }] of deepest)
    if (depth > 1) pushTo(reachZips, place, entry.record.zip);
  return reachZips;
}

/** A listed place's ZIPs (its post office's and those within reach, else the nearest) and
 * the counties its post office's ZIPs lie in. */
function settlePlace(place: Place, own: ZipEntry[], reached: string[], grid: ZipGrid) {
  place.zips = [...new Set([...own.map((e) => e.record.zip), ...reached])].sort();
  if (!place.zips.length) {
    const nearest = grid.nearest(place, NEAREST_ZIP_KM, (z) => z.stateId === place.stateId);
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

/** cityId → the states it is a name (or kindless name) in, sorted. */
function statesByName(...tables: Array<Map<string, Place[]>>) {
  const statesByCity = new Map<string, string[]>();
  for (const table of tables) {
    for (const groupKey of table.keys()) {
      const [stateId = '', cityId = ''] = groupKey.split('|');
      const list = statesByCity.get(cityId) ?? [];
      if (!list.includes(stateId)) list.push(stateId);
      statesByCity.set(cityId, list);
    }
  }
  for (const list of statesByCity.values()) list.sort();
  return statesByCity;
}

function uncoveredStates(states: Map<string, StateInfo>) {
  const uncovered = new Map<string, StateInfo>();
  for (const info of UNCOVERED) {
    if (states.has(stateKey(info.id))) continue;
    uncovered.set(stateKey(info.id), info);
    uncovered.set(stateKey(info.name), info);
  }
  return uncovered;
}

/** Builds the index from the datasets' rows (counties spelled as in the sources). Pure. */
export function buildGeoIndex(sources: GeoSources): GeoIndex {
  const counties = countyBook();
  const zips = indexZips(sources.zips, counties);
  const tables = indexPlaces(sources.places ?? [], zips, counties);
  const byKindless = kindlessIndex(tables.places);
  const { byZip, postOfficeZips } = joinPostOffices(zips.poGroups, tables, byKindless);
  const reachZips = zipsWithinReach(tables.places, zips.grid);
  for (const place of tables.places) {
    if (place.source === 'post-office') continue;
    settlePlace(place, postOfficeZips.get(place) ?? [], reachZips.get(place) ?? [], zips.grid);
  }
  return {
    byZip,
    byCityState: tables.byCityState,
    byKindless,
    statesByCity: statesByName(tables.byCityState, byKindless),
    places: tables.places,
    counties: counties.refs(),
    states: zips.states,
    uncovered: uncoveredStates(zips.states),
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
