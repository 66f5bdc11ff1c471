import fs from 'node:fs';
import { createRequire } from 'node:module';
import { geoAlbersUsa, geoMercator, geoPath, type GeoProjection } from 'd3-geo';
import type { Feature, Geometry } from 'geojson';
import { feature, merge } from 'topojson-client';
import type { MultiPolygon, Polygon } from 'topojson-specification';
import { countyGeometriesOnAtlas, stateFips, type UsAtlas } from '@cityforge/shared/us-map';
import { escapeAttr, escapeHtml } from './html.ts';
import { pixelPath } from './pixel-path.ts';

/**
 * What a state's or county's page shows on its small map: the state, and the counties the
 * page is about marked in it. Part of the hub page's build input, so a redeploy redraws a map
 * exactly when this changes (the atlas and this code are in the renderer's fingerprint).
 */
export type HubMap = { state: string; stateName: string; counties: string[] };

const WIDTH = 320;
const MAX_HEIGHT = 280;
const PAD = 4;

let loaded: UsAtlas | null = null;

/** The shipped boundary data (us-atlas), read once per process (or render thread). */
function atlas(): UsAtlas {
  if (!loaded) {
    const file = createRequire(import.meta.url).resolve('us-atlas/counties-10m.json');
    loaded = JSON.parse(fs.readFileSync(file, 'utf8')) as UsAtlas;
  }
  return loaded;
}

/** Albers USA for the states (Alaska and Hawaii as drawn on US maps), Mercator elsewhere. */
function fitted(shape: Feature<Geometry>): { projection: GeoProjection; height: number } | null {
  for (const make of [geoAlbersUsa, geoMercator]) {
    const projection = make().fitWidth(WIDTH - 2 * PAD, shape);
    const [[, y0], [, y1]] = geoPath(projection).bounds(shape);
    if (![y0, y1].every(Number.isFinite)) continue;
    if (y1 - y0 > MAX_HEIGHT - 2 * PAD) projection.fitHeight(MAX_HEIGHT - 2 * PAD, shape);
    const [[a0, b0], [, b1]] = geoPath(projection).bounds(shape);
    const [tx, ty] = projection.translate();
    projection.translate([tx - a0 + PAD, ty - b0 + PAD]);
    return { projection, height: Math.ceil(b1 - b0 + 2 * PAD) };
  }
  return null;
}

type StateFrame = { projection: GeoProjection; height: number; outline: string };
const frames = new Map<string, StateFrame | null>();

/** A state's outline and the projection that fits it, once per state. */
function stateFrame(fips: string): StateFrame | null {
  if (!frames.has(fips)) {
    const geometry = atlas().objects.states.geometries.find((g) => g.id === fips);
    const shape = geometry && (feature(atlas(), geometry) as Feature<Geometry>);
    const sized = shape ? fitted(shape) : null;
    const outline = sized && shape ? pixelPath(sized.projection, shape) : '';
    frames.set(fips, sized && outline ? { ...sized, outline } : null);
  }
  return frames.get(fips)!;
}

function draw(map: HubMap): string {
  const fips = stateFips(map.state);
  const frame = fips ? stateFrame(fips) : null;
  if (!frame) return '';
  const topology = atlas();
  const counties = countyGeometriesOnAtlas(
    topology,
    map.counties.map((name) => [map.state, name]),
  ) as Array<Polygon | MultiPolygon>;
  // Merged into one shape: neighbouring counties share no border line, and the map stays
  // small however many counties a state's page lists. A county's own page marks one county,
  // which has nothing to merge: stitching its arcs was a fifth of drawing its map.
  const countyD = !counties.length
    ? ''
    : pixelPath(
        frame.projection,
        counties.length === 1 ? feature(topology, counties[0]!) : merge(topology, counties),
        0.5,
      );
  const label =
    map.counties.length === 1
      ? `Map of ${map.stateName} with ${map.counties[0]} marked`
      : `Map of ${map.stateName} with the counties we serve marked`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeAttr(label)}" ` +
    `viewBox="0 0 ${WIDTH} ${frame.height}" width="${WIDTH}" height="${frame.height}" ` +
    `style="display:block;max-width:100%;height:auto;margin:1.5rem 0 0">` +
    `<title>${escapeHtml(label)}</title>` +
    `<path d="${frame.outline}" fill="#eef0f3" stroke="#8a919c" stroke-width="1.25" stroke-linejoin="round"/>` +
    (countyD
      ? `<path d="${countyD}" style="fill:var(--primary)" fill-opacity=".85" stroke="#fff" stroke-width=".75" stroke-linejoin="round"/>`
      : '') +
    `</svg>`
  );
}

// Drawn once per state and counties per process: a redeploy asks for the same ones again.
// Bounded, oldest first out.
const cache = new Map<string, string>();
const CACHE_SIZE = 1000;

/** A small static SVG of the state with the map's counties marked; '' when it has no outline. */
export function renderHubMap(map: HubMap): string {
  const key = JSON.stringify([map.state, map.stateName, [...map.counties].sort()]);
  let svg = cache.get(key);
  if (svg === undefined) {
    svg = draw(map);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, svg);
  }
  return svg;
}
