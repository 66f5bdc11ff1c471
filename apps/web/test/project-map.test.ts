import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { TMapCity, TProjectMap } from '@cityforge/shared';
import {
  atlasCountyKey,
  countyKey,
  placesOnAtlas,
  STATE_FIPS,
  stateFips,
  type UsAtlas,
} from '@cityforge/shared/us-map';
import { drawProjectMap } from '../src/features/projects/map-drawing';
import {
  MAP_STATUS_STYLE,
  markRadius,
  markTitle,
  offMapNote,
  statusCounts,
} from '../src/features/projects/map-marks';

const require = createRequire(import.meta.url);
const atlas = JSON.parse(
  fs.readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8'),
) as UsAtlas;

const AUSTIN: TMapCity = ['a', 'Austin', 'TX', 30.2672, -97.7431, 'completed'];
const ROUND_ROCK: TMapCity = ['r', 'Round Rock', 'TX', 30.5083, -97.6789, 'held'];
const EL_PASO: TMapCity = ['e', 'El Paso', 'TX', 31.7619, -106.485, 'failed'];
const MIAMI: TMapCity = ['m', 'Miami', 'FL', 25.7617, -80.1918, 'queued'];
const SAN_JUAN: TMapCity = ['s', 'San Juan', 'PR', 18.4655, -66.1057, 'completed'];
const NOWHERE: TMapCity = ['n', 'Nowhere', 'TX', null, null, 'completed'];

const texasAndFlorida: TProjectMap = {
  cities: [EL_PASO, AUSTIN, MIAMI, ROUND_ROCK, SAN_JUAN, NOWHERE],
  states: [
    ['FL', 'Florida'],
    ['PR', 'Puerto Rico'],
    ['TX', 'Texas'],
  ],
  counties: [
    ['FL', 'Miami-Dade County'],
    ['TX', 'El Paso County'],
    ['TX', 'Travis County'],
    ['TX', 'Williamson County'],
  ],
};

const box = (viewBox: string) => viewBox.split(' ').map(Number) as [number, number, number, number];
const inside = (viewBox: string, x: number, y: number) => {
  const [x0, y0, w, h] = box(viewBox);
  return x >= x0 && x <= x0 + w && y >= y0 && y <= y0 + h;
};

describe('our places on the boundary data', () => {
  it('maps postal codes to FIPS codes, territories included', () => {
    expect(stateFips('TX')).toBe('48');
    expect(stateFips('ca')).toBe('06');
    expect(stateFips('DC')).toBe('11');
    expect(stateFips('PR')).toBe('72');
    expect(stateFips('XX')).toBeNull();
    // Every state and territory of the atlas has its postal code here, and no more.
    const atlasIds = atlas.objects.states.geometries.map((g) => String(g.id));
    expect(Object.values(STATE_FIPS).sort()).toEqual(atlasIds.sort());
  });

  it('matches county names without their kind, and keeps independent cities apart', () => {
    expect(countyKey('Travis County')).toBe('travis');
    expect(countyKey('Orleans Parish')).toBe('orleans');
    expect(countyKey('Doña Ana County')).toBe(countyKey('Dona Ana'));
    expect(countyKey('St. Louis County')).toBe(atlasCountyKey('29189', 'St. Louis'));
    expect(countyKey('St. Louis City')).toBe(atlasCountyKey('29510', 'St. Louis'));
    expect(countyKey('Baltimore City')).not.toBe(countyKey('Baltimore County'));
    expect(countyKey('Charles City County')).toBe(atlasCountyKey('51036', 'Charles City'));
    expect(countyKey('Carson City')).toBe(atlasCountyKey('32510', 'Carson City'));
  });

  it('finds the states and counties a project uses on the atlas', () => {
    const places = placesOnAtlas(
      atlas,
      ['TX', 'MD'],
      [
        ['TX', 'Travis County'],
        ['MD', 'Baltimore City'],
        ['MD', 'Baltimore County'],
        ['TX', 'Atlantis County'],
      ],
    );
    expect(places.states.length).toBe(56);
    expect(places.used.map((s) => s.properties.name).sort()).toEqual(['Maryland', 'Texas']);
    expect(places.counties.map((c) => c.id)).toEqual(['48453', '24510', '24005']);
  });
});

describe('drawing the project map', () => {
  const drawing = drawProjectMap(texasAndFlorida, atlas);
  const mark = (name: string) => drawing.marks.find((m) => m.name === name)!;

  it('places one mark per city it can, and counts those it cannot', () => {
    expect(drawing.marks.map((m) => m.name).sort()).toEqual([
      'Austin',
      'El Paso',
      'Miami',
      'Round Rock',
    ]);
    expect(drawing.unplaced).toBe(1);
    // Puerto Rico has no room on an Albers USA map.
    expect(drawing.outside).toBe(1);
    for (const m of drawing.marks) expect(inside(drawing.viewBox, m.x, m.y)).toBe(true);
  });

  it('puts the cities where they are: west to east, north to south', () => {
    expect(mark('El Paso').x).toBeLessThan(mark('Austin').x);
    expect(mark('Austin').x).toBeLessThan(mark('Miami').x);
    expect(mark('Round Rock').y).toBeLessThan(mark('Austin').y);
    expect(mark('Miami').y).toBeGreaterThan(mark('Austin').y);
  });

  it('zooms onto the project’s states and outlines its counties', () => {
    const [, , width, height] = box(drawing.viewBox);
    expect(width).toBeGreaterThan(900);
    expect(width).toBeLessThan(1000);
    expect(height).toBeLessThanOrEqual(600);
    expect(drawing.states.filter((s) => s.used).map((s) => s.name)).toEqual(
      expect.arrayContaining(['Texas', 'Florida']),
    );
    expect(drawing.counties.map((c) => c.name).sort()).toEqual([
      'El Paso',
      'Miami-Dade',
      'Travis',
      'Williamson',
    ]);
    // Zoomed in, Texas is most of the width: Maine, far off to the north-east, is outside.
    const texasOnly = drawProjectMap({ ...texasAndFlorida, states: [['TX', 'Texas']] }, atlas);
    const austin = texasOnly.marks.find((m) => m.name === 'Austin')!;
    expect(inside(texasOnly.viewBox, austin.x, austin.y)).toBe(true);
    const miami = texasOnly.marks.find((m) => m.name === 'Miami')!;
    expect(inside(texasOnly.viewBox, miami.x, miami.y)).toBe(false);
  });

  it('leaves out the Alaska and Hawaii insets unless the project is there', () => {
    const drawn = (map: TProjectMap) => drawProjectMap(map, atlas).states.map((s) => s.name);
    expect(drawn(texasAndFlorida)).not.toContain('Alaska');
    expect(drawn(texasAndFlorida)).not.toContain('Hawaii');
    expect(drawn(texasAndFlorida)).toContain('Oklahoma');
    const alaska = { ...texasAndFlorida, states: [...texasAndFlorida.states, ['AK', 'Alaska']] };
    expect(drawn(alaska as TProjectMap)).toContain('Alaska');
    expect(drawn(alaska as TProjectMap)).not.toContain('Hawaii');
  });

  it('draws the failed and held marks last, on top of the others', () => {
    expect(drawing.marks.map((m) => m.status)).toEqual(['completed', 'queued', 'held', 'failed']);
  });

  it('falls back on the whole country when none of the states can be drawn', () => {
    const island = drawProjectMap(
      { cities: [SAN_JUAN], states: [['PR', 'Puerto Rico']], counties: [] },
      atlas,
    );
    expect(box(island.viewBox).every(Number.isFinite)).toBe(true);
    expect(island.marks).toEqual([]);
    expect(island.outside).toBe(1);
  });
});

describe('the map’s marks and legend', () => {
  it('gives each status its own colour and word', () => {
    const colours = Object.values(MAP_STATUS_STYLE).map((s) => s.colour);
    expect(new Set(colours).size).toBe(4);
    expect(markTitle('Austin', 'TX', 'completed')).toBe('Austin, TX — Completed');
    expect(markTitle('Round Rock', 'TX', 'held')).toBe('Round Rock, TX — Held back');
  });

  it('counts the cities of each status, in the legend’s order', () => {
    expect(statusCounts(texasAndFlorida.cities)).toEqual([
      { status: 'completed', count: 3 },
      { status: 'queued', count: 1 },
      { status: 'failed', count: 1 },
      { status: 'held', count: 1 },
    ]);
  });

  it('shrinks the marks of a big project', () => {
    expect(markRadius(10)).toBeGreaterThan(markRadius(1000));
    expect(markRadius(1000)).toBeGreaterThan(markRadius(10_000));
  });

  it('says how many cities are not on the map, and why', () => {
    expect(offMapNote(0, 0)).toBeNull();
    expect(offMapNote(1, 0)).toBe(
      'Not on the map: 1 city has no coordinates. The list below has every city.',
    );
    expect(offMapNote(2, 1_200)).toBe(
      'Not on the map: 2 cities have no coordinates; 1,200 lie outside the map (such as Puerto Rico or Guam). The list below has every city.',
    );
  });
});
