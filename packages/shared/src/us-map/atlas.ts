import { geoAlbersUsa, geoPath, type GeoPath, type GeoProjection } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { atlasCountyKey, countyKey, stateFips } from './fips.ts';

/** The shape of us-atlas's counties-10m.json: counties, states and the nation, by FIPS id. */
export type UsAtlas = Topology<{
  counties: GeometryCollection<{ name: string }>;
  states: GeometryCollection<{ name: string }>;
  nation: GeometryCollection;
}>;

/** A state or county of the atlas as GeoJSON; its id is its FIPS code ("48", "48453"). */
export type AtlasPlace = Feature<Geometry, { name: string }> & { id: string };

type CountyGeometry = UsAtlas['objects']['counties']['geometries'][number];
type AtlasIndex = { states: AtlasPlace[]; counties: Map<string, CountyGeometry> };
const indexCache = new WeakMap<UsAtlas, AtlasIndex>();

/**
 * The atlas's states as GeoJSON, and its counties by `${state FIPS}|${countyKey}`, made once.
 * Counties stay topology until one is asked for: decoding all 3,000 would be most of the work.
 */
function indexOf(atlas: UsAtlas): AtlasIndex {
  let index = indexCache.get(atlas);
  if (!index) {
    const states = feature(atlas, atlas.objects.states).features as AtlasPlace[];
    const counties = new Map<string, CountyGeometry>();
    for (const county of atlas.objects.counties.geometries) {
      const id = String(county.id);
      counties.set(
        `${id.slice(0, 2)}|${atlasCountyKey(id, (county.properties as { name: string }).name)}`,
        county,
      );
    }
    index = { states, counties };
    indexCache.set(atlas, index);
  }
  return index;
}

function findCounties(
  index: AtlasIndex,
  counties: readonly (readonly [stateCode: string, name: string])[],
): CountyGeometry[] {
  return counties.flatMap(
    ([code, name]) => index.counties.get(`${stateFips(code)}|${countyKey(name)}`) ?? [],
  );
}

export type AtlasPlaces = {
  /** Every state and territory of the atlas. */
  states: AtlasPlace[];
  /** The states asked for that the atlas has. */
  used: AtlasPlace[];
  /** The counties asked for that the atlas has (by name within their state). */
  counties: AtlasPlace[];
};

/**
 * Finds our places on the atlas: states by postal code, counties by name within their state
 * ("Travis County, TX" is the atlas's "Travis" of 48). Names the atlas lacks are left out.
 */
export function placesOnAtlas(
  atlas: UsAtlas,
  states: readonly string[],
  counties: readonly (readonly [stateCode: string, name: string])[],
): AtlasPlaces {
  const index = indexOf(atlas);
  const wanted = new Set(states.map(stateFips));
  return {
    states: index.states,
    used: index.states.filter((s) => wanted.has(s.id)),
    counties: findCounties(index, counties).map((g) => feature(atlas, g) as AtlasPlace),
  };
}

/**
 * The counties asked for that the atlas has (see placesOnAtlas), each once and in the atlas's
 * order whatever the order asked: found by name in the index, not by a pass over all 3,000.
 */
export function countyGeometriesOnAtlas(
  atlas: UsAtlas,
  counties: readonly (readonly [stateCode: string, name: string])[],
): CountyGeometry[] {
  const found = [...new Set(findCounties(indexOf(atlas), counties))];
  return found.sort((a, b) => Number(a.id) - Number(b.id));
}

export type MapFrame = {
  projection: GeoProjection;
  /** SVG path data of a shape in this frame, coordinates rounded to `digits`. */
  path: GeoPath;
  /** The SVG's viewBox: the focus's projected bounds with the padding around. */
  viewBox: [x: number, y: number, width: number, height: number];
};

const collection = (features: AtlasPlace[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features,
});

/**
 * An Albers USA projection (Alaska and Hawaii as insets) zoomed onto the focus shapes, at most
 * `width` by `maxHeight` with `pad` around them. Shapes it cannot place (Puerto Rico, Guam…:
 * the projection answers null for them) fall back on the whole country.
 */
export function frameMap(
  focus: AtlasPlace[],
  fallback: AtlasPlace[],
  {
    width,
    maxHeight,
    pad,
    digits,
  }: { width: number; maxHeight: number; pad: number; digits: number },
): MapFrame {
  const fit = (shapes: AtlasPlace[]) => {
    const projection = geoAlbersUsa().fitExtent(
      [
        [pad, pad],
        [width - pad, maxHeight - pad],
      ],
      collection(shapes),
    );
    const path = geoPath(projection).digits(digits);
    return { projection, path, bounds: path.bounds(collection(shapes)) };
  };
  let framed = fit(focus.length ? focus : fallback);
  if (!framed.bounds.flat().every(Number.isFinite)) framed = fit(fallback);
  const [[x0, y0], [x1, y1]] = framed.bounds;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    projection: framed.projection,
    path: framed.path,
    viewBox: [round(x0 - pad), round(y0 - pad), round(x1 - x0 + 2 * pad), round(y1 - y0 + 2 * pad)],
  };
}

/** Where a place falls on the map, or null where the projection has no room for it. */
export function pointOnMap(
  projection: GeoProjection,
  latitude: number,
  longitude: number,
): [x: number, y: number] | null {
  const point = projection([longitude, latitude]);
  return point && Number.isFinite(point[0]) && Number.isFinite(point[1]) ? point : null;
}
