import { describe, expect, it } from 'vitest';
import { resolveLocations } from '../src/modules/locations/geography.ts';
import { normaliseCounty } from '../src/modules/locations/geo-names.ts';

// Another kind of agency list: 199 townships of Pennsylvania, New Jersey, Michigan and Ohio
// (Name|State|County), written down from public knowledge, not from our data. GeoNames lists
// populated places, not townships: about half of these are not in the place data at all, and
// many share their name with a borough or city elsewhere in the state (Washington Township in
// Gloucester County, NJ is not the borough of Washington in Warren County).
const TOWNSHIPS = [
  'Lower Merion|PA|Montgomery;Upper Merion|PA|Montgomery;Lower Makefield|PA|Bucks;',
  'Upper Makefield|PA|Bucks;Tredyffrin|PA|Chester;Marple|PA|Delaware;',
  'Upper Dublin|PA|Montgomery;Lower Gwynedd|PA|Montgomery;Upper Gwynedd|PA|Montgomery;',
  'Whitemarsh|PA|Montgomery;Upper Providence|PA|Montgomery;Lower Providence|PA|Montgomery;',
  'Limerick|PA|Montgomery;Upper Moreland|PA|Montgomery;Lower Moreland|PA|Montgomery;',
  'Haverford|PA|Delaware;Easttown|PA|Chester;Willistown|PA|Chester;Westtown|PA|Chester;',
  'East Goshen|PA|Chester;West Goshen|PA|Chester;Uwchlan|PA|Chester;',
  'Upper Uwchlan|PA|Chester;East Whiteland|PA|Chester;Tinicum|PA|Delaware;',
  'Ridley|PA|Delaware;Nether Providence|PA|Delaware;Concord|PA|Delaware;',
  'Thornbury|PA|Delaware;Aston|PA|Delaware;Upper Chichester|PA|Delaware;Bensalem|PA|Bucks;',
  'Falls|PA|Bucks;Lower Southampton|PA|Bucks;Upper Southampton|PA|Bucks;',
  'Northampton|PA|Bucks;Warrington|PA|Bucks;Warwick|PA|Bucks;Buckingham|PA|Bucks;',
  'Solebury|PA|Bucks;Hilltown|PA|Bucks;Hempfield|PA|Westmoreland;Penn|PA|Westmoreland;',
  'North Huntingdon|PA|Westmoreland;Ross|PA|Allegheny;Shaler|PA|Allegheny;',
  'McCandless|PA|Allegheny;Hampton|PA|Allegheny;Richland|PA|Allegheny;Pine|PA|Allegheny;',
  'Moon|PA|Allegheny;Robinson|PA|Allegheny;Upper St. Clair|PA|Allegheny;',
  'Peters|PA|Washington;Cecil|PA|Washington;South Fayette|PA|Allegheny;',
  'Lower Paxton|PA|Dauphin;Susquehanna|PA|Dauphin;Derry|PA|Dauphin;Swatara|PA|Dauphin;',
  'Hampden|PA|Cumberland;Silver Spring|PA|Cumberland;East Pennsboro|PA|Cumberland;',
  'Manheim|PA|Lancaster;East Hempfield|PA|Lancaster;West Hempfield|PA|Lancaster;',
  'Manor|PA|Lancaster;Spring Garden|PA|York;Springettsbury|PA|York;Windsor|PA|York;',
  'Dover|PA|York;West Manchester|PA|York;Whitehall|PA|Lehigh;South Whitehall|PA|Lehigh;',
  'Lower Macungie|PA|Lehigh;Upper Macungie|PA|Lehigh;Salisbury|PA|Lehigh;',
  'Bethlehem|PA|Northampton;Forks|PA|Northampton;Palmer|PA|Northampton;Exeter|PA|Berks;',
  'Spring|PA|Berks;Cumru|PA|Berks;Muhlenberg|PA|Berks;Franklin|NJ|Somerset;',
  'Washington|NJ|Gloucester;Hamilton|NJ|Mercer;Middletown|NJ|Monmouth;Howell|NJ|Monmouth;',
  'Jackson|NJ|Ocean;Brick|NJ|Ocean;Manalapan|NJ|Monmouth;Freehold|NJ|Monmouth;',
  'Wall|NJ|Monmouth;Holmdel|NJ|Monmouth;North Brunswick|NJ|Middlesex;',
  'South Brunswick|NJ|Middlesex;East Brunswick|NJ|Middlesex;Monroe|NJ|Middlesex;',
  'Plainsboro|NJ|Middlesex;West Windsor|NJ|Mercer;Lawrence|NJ|Mercer;Ewing|NJ|Mercer;',
  'Hopewell|NJ|Mercer;Bridgewater|NJ|Somerset;Hillsborough|NJ|Somerset;',
  'Montgomery|NJ|Somerset;Bernards|NJ|Somerset;Warren|NJ|Somerset;',
  'Mount Laurel|NJ|Burlington;Evesham|NJ|Burlington;Gloucester|NJ|Camden;',
  'Deptford|NJ|Gloucester;Winslow|NJ|Camden;Egg Harbor|NJ|Atlantic;Galloway|NJ|Atlantic;',
  'Parsippany-Troy Hills|NJ|Morris;Randolph|NJ|Morris;Roxbury|NJ|Morris;',
  'Mount Olive|NJ|Morris;West Orange|NJ|Essex;Livingston|NJ|Essex;Millburn|NJ|Essex;',
  'Nutley|NJ|Essex;Belleville|NJ|Essex;Irvington|NJ|Essex;Union|NJ|Union;Cranford|NJ|Union;',
  'Scotch Plains|NJ|Union;Berkeley Heights|NJ|Union;Mahwah|NJ|Bergen;Wayne|NJ|Passaic;',
  'Teaneck|NJ|Bergen;Bloomfield|MI|Oakland;Meridian|MI|Ingham;Canton|MI|Wayne;',
  'Shelby|MI|Macomb;Macomb|MI|Macomb;Chesterfield|MI|Macomb;Orion|MI|Oakland;',
  'Independence|MI|Oakland;Oakland|MI|Oakland;Commerce|MI|Oakland;White Lake|MI|Oakland;',
  'Highland|MI|Oakland;Waterford|MI|Oakland;Grand Blanc|MI|Genesee;Flint|MI|Genesee;',
  'Genesee|MI|Genesee;Delta|MI|Eaton;Delhi|MI|Ingham;Pittsfield|MI|Washtenaw;',
  'Ypsilanti|MI|Washtenaw;Superior|MI|Washtenaw;Scio|MI|Washtenaw;Plymouth|MI|Wayne;',
  'Northville|MI|Wayne;Van Buren|MI|Wayne;Brownstown|MI|Wayne;Redford|MI|Wayne;',
  'Harrison|MI|Macomb;Georgetown|MI|Ottawa;Gaines|MI|Kent;Byron|MI|Kent;Cascade|MI|Kent;',
  'Plainfield|MI|Kent;Alpine|MI|Kent;Park|MI|Ottawa;Oshtemo|MI|Kalamazoo;',
  'Comstock|MI|Kalamazoo;Anderson|OH|Hamilton;Colerain|OH|Hamilton;Green|OH|Hamilton;',
  'Delhi|OH|Hamilton;Sycamore|OH|Hamilton;Symmes|OH|Hamilton;Miami|OH|Clermont;',
  'Union|OH|Clermont;Liberty|OH|Butler;West Chester|OH|Butler;Springfield|OH|Hamilton;',
  'Washington|OH|Montgomery;Sugarcreek|OH|Greene;Bath|OH|Summit;Copley|OH|Summit;',
  'Jackson|OH|Stark;Plain|OH|Stark;Perry|OH|Stark;Lake|OH|Stark;Boardman|OH|Mahoning;',
  'Austintown|OH|Mahoning;Howland|OH|Trumbull;Violet|OH|Fairfield;Jerome|OH|Union;',
  'Concord|OH|Delaware;Orange|OH|Delaware;Genoa|OH|Delaware;Sylvania|OH|Lucas;',
  'Perrysburg|OH|Wood;',
]
  .join('')
  .split(';')
  .filter(Boolean)
  .map((entry) => entry.split('|') as [string, string, string]);

describe('townships resolve in the county the row names', () => {
  it('resolves every "X Township" with its County there, under the name as written', () => {
    const rows = TOWNSHIPS.map(([name, state, county], i) => ({
      line: i + 2,
      city: `${name} Township`,
      state,
      county,
      zips: [],
    }));
    const { cities, issues } = resolveLocations(rows);
    const byLine = new Map(cities.flatMap((c) => c.lines.map((line) => [line, c])));
    const wrong = rows.flatMap(({ line, city, state, county }) => {
      const got = byLine.get(line);
      if (!got) return [`${city}, ${state}: ${issues.find((x) => x.line === line)?.reason}`];
      const ok =
        normaliseCounty(got.county) === normaliseCounty(county) &&
        got.stateId === state &&
        got.city === city;
      return ok ? [] : [`${city}, ${state} → ${got.city}, ${got.county}`];
    });
    expect(wrong).toEqual([]);
    // Kept under the customer's name where the data has no such place, with what we noticed.
    const kept = issues.filter((i) => i.reason.includes('is not in our place data'));
    expect(kept.length).toBeGreaterThan(100);
    expect(TOWNSHIPS.length).toBeGreaterThan(190);
  });
});
