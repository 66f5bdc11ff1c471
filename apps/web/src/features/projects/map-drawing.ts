import { frameMap, placesOnAtlas, pointOnMap, type UsAtlas } from '@cityforge/shared/us-map';
import type { TMapStatus, TProjectMap } from '@cityforge/shared';
// The boundary data ships with the app as a file of its own, fetched from this server only
// when a map is drawn: no tiles, no other host.
import atlasUrl from 'us-atlas/counties-10m.json?url';

export type MapMark = {
  id: string;
  name: string;
  state: string;
  status: TMapStatus;
  x: number;
  y: number;
};

export type MapDrawing = {
  viewBox: string;
  /** Every state, lightly, and the project's states stronger. */
  states: { id: string; name: string; d: string; used: boolean }[];
  /** The counties the project uses. */
  counties: { id: string; name: string; d: string }[];
  /** One per city the map can place, failed and held ones last so they are drawn on top. */
  marks: MapMark[];
  /** Cities without coordinates, and those the map has no room for (Puerto Rico, Guam…). */
  unplaced: number;
  outside: number;
};

// Drawn in this order: the ones that need a look end up on top.
const PAINT_ORDER: Record<TMapStatus, number> = { completed: 0, queued: 1, held: 2, failed: 3 };

// Alaska and Hawaii, by FIPS code.
const INSETS = new Set(['02', '15']);

const WIDTH = 960;
const MAX_HEIGHT = 600;

/** The project's cities on the outlines of its states and counties, zoomed to its states. */
export function drawProjectMap(map: TProjectMap, atlas: UsAtlas): MapDrawing {
  const places = placesOnAtlas(
    atlas,
    map.states.map(([code]) => code),
    map.counties,
  );
  const frame = frameMap(places.used, places.states, {
    width: WIDTH,
    maxHeight: MAX_HEIGHT,
    pad: 12,
    digits: 1,
  });
  const used = new Set(places.used.map((s) => s.id));
  const whole = used.size === 0;
  const states = places.states.flatMap((s) => {
    // Alaska and Hawaii are drawn as insets beside the lower 48: zoomed onto Texas they would
    // sit next to it as if they were its neighbours.
    if (INSETS.has(s.id) && !used.has(s.id) && !whole) return [];
    const d = frame.path(s);
    return d ? [{ id: s.id, name: s.properties.name, d, used: used.has(s.id) }] : [];
  });
  const counties = places.counties.flatMap((c) => {
    const d = frame.path(c);
    return d ? [{ id: c.id, name: c.properties.name, d }] : [];
  });
  const marks: MapMark[] = [];
  let unplaced = 0;
  let outside = 0;
  for (const [id, name, state, lat, lng, status] of map.cities) {
    if (lat === null || lng === null) {
      unplaced += 1;
      continue;
    }
    const point = pointOnMap(frame.projection, lat, lng);
    if (!point) {
      outside += 1;
      continue;
    }
    const [x, y] = point.map((n) => Math.round(n * 10) / 10) as [number, number];
    marks.push({ id, name, state, status, x, y });
  }
  marks.sort((a, b) => PAINT_ORDER[a.status] - PAINT_ORDER[b.status]);
  return { viewBox: frame.viewBox.join(' '), states, counties, marks, unplaced, outside };
}

let atlasLoad: Promise<UsAtlas> | null = null;

/** The boundary data, fetched once per visit (the file itself is cached for good). */
export function loadAtlas(): Promise<UsAtlas> {
  atlasLoad ??= fetch(atlasUrl).then((res) => {
    if (!res.ok) throw new Error(`The map's outlines did not load (${res.status}).`);
    return res.json() as Promise<UsAtlas>;
  });
  atlasLoad.catch(() => {
    atlasLoad = null;
  });
  return atlasLoad;
}
