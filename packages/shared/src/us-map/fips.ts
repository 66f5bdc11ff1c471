/**
 * The Census Bureau's two-digit FIPS code of each state, district and territory by its postal
 * code: our places carry the postal code, the boundary data (us-atlas) the FIPS code.
 */
export const STATE_FIPS: Readonly<Record<string, string>> = {
  AL: '01',
  AK: '02',
  AZ: '04',
  AR: '05',
  CA: '06',
  CO: '08',
  CT: '09',
  DE: '10',
  DC: '11',
  FL: '12',
  GA: '13',
  HI: '15',
  ID: '16',
  IL: '17',
  IN: '18',
  IA: '19',
  KS: '20',
  KY: '21',
  LA: '22',
  ME: '23',
  MD: '24',
  MA: '25',
  MI: '26',
  MN: '27',
  MS: '28',
  MO: '29',
  MT: '30',
  NE: '31',
  NV: '32',
  NH: '33',
  NJ: '34',
  NM: '35',
  NY: '36',
  NC: '37',
  ND: '38',
  OH: '39',
  OK: '40',
  OR: '41',
  PA: '42',
  RI: '44',
  SC: '45',
  SD: '46',
  TN: '47',
  TX: '48',
  UT: '49',
  VT: '50',
  VA: '51',
  WA: '53',
  WV: '54',
  WI: '55',
  WY: '56',
  AS: '60',
  GU: '66',
  MP: '69',
  PR: '72',
  VI: '78',
};

/** The state's FIPS code ("TX" → "48"), or null for a code the Census does not use. */
export function stateFips(code: string): string | null {
  return STATE_FIPS[code.trim().toUpperCase()] ?? null;
}

// States whose independent cities share a name with a county ("Baltimore" city 24510 and
// "Baltimore" county 24005). The boundary data names both alike; their codes from 510 up are
// the cities.
const INDEPENDENT_CITY_STATES = new Set(['24', '29', '32', '51']);

/**
 * A county's name in the form both sides agree on: no accents, punctuation or kind ("Travis
 * County", "Travis" and "travis" are one), "St." read as "Saint". An independent city keeps
 * "city": "Richmond City" is not "Richmond County".
 */
export function countyKey(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => (word === 'st' ? 'saint' : word === 'ste' ? 'sainte' : word))
    .join(' ');
  return plain
    .replace(/^(city and borough|city and county|municipality) of /, '')
    .replace(/^city of (.+)$/, '$1 city')
    .replace(/ (county|parish|borough|census area|city and borough|municipality|municipio)$/, '');
}

/** The key of a county of the boundary data, from its five-digit FIPS id and its name. */
export function atlasCountyKey(id: string, name: string): string {
  const key = countyKey(name);
  const independentCity = INDEPENDENT_CITY_STATES.has(id.slice(0, 2)) && Number(id.slice(2)) >= 510;
  return independentCity && !key.endsWith(' city') ? `${key} city` : key;
}
