/**
 * Spelling-insensitive forms of US place, county and state names, shared by the index build
 * and the resolver so both sides of every lookup agree.
 */

const ABBREVIATIONS = new Map([
  ['st', 'saint'],
  ['ste', 'sainte'],
  ['ft', 'fort'],
  ['mt', 'mount'],
]);

/**
 * Spelling-insensitive form of a place name: "St. Louis", "saint louis" and "ST LOUIS" agree,
 * and so do "Coeur d'Alene" / "Coeur dAlene" and "Cañon City" / "Canon City".
 */
export function normaliseName(value: string): string {
  // Only non-ASCII text can carry accents; skipping NFKD otherwise keeps the index build fast.
  const plain = /^[\x20-\x7e]*$/.test(value)
    ? value
    : value.normalize('NFKD').replace(/\p{M}/gu, '');
  let out = '';
  for (const word of plain
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)) {
    if (!word) continue;
    const full = ABBREVIATIONS.get(word) ?? word;
    out = out ? `${out} ${full}` : full;
  }
  return out;
}

/** Lookup form: also ignores spacing, since the data has both "De Soto" and "Desoto". */
export function compactName(value: string): string {
  return normaliseName(value).replaceAll(' ', '');
}

/**
 * County name without its kind, so "Travis", "Travis County" and "travis county" agree. City
 * counties keep "city": Baltimore City and Baltimore County are different counties.
 */
export function normaliseCounty(value: string): string {
  // GeoNames marks census areas "Nome (CA)". Cut by hand: `\s*\(CA\)` rescanned every run of
  // spaces in a customer's County cell from each of its spaces.
  const trimmed = value.trimEnd();
  const unmarked = /\(CA\)$/i.test(trimmed) ? trimmed.slice(0, -4) : trimmed;
  const name = normaliseName(unmarked)
    .replace(/^city and (county|borough) of /, '')
    .replace(/^city of (.+)$/, '$1 city')
    .replace(/ (city and borough|census area|county|parish|borough|municipality)$/, '')
    .replace(/ city city$/, ' city');
  return name;
}

/** State lookup form: letters only, no abbreviation expansion ("MT" is Montana, not "Mount"). */
export function stateKey(value: string): string {
  return value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

export function compactCounty(value: string): string {
  return normaliseCounty(value).replaceAll(' ', '');
}

// Connecticut's data mixes its eight historic counties with the planning regions that
// replaced them; only the former read right with "County" appended.
export const CONNECTICUT_COUNTIES = new Set([
  'Fairfield',
  'Hartford',
  'Litchfield',
  'Middlesex',
  'New Haven',
  'New London',
  'Tolland',
  'Windham',
]);

/** The data's county name as a page would print it ("Travis" → "Travis County"). */
export function displayCounty(raw: string, stateId: string): string {
  const name = raw.trim();
  if (!name) return '';
  if (/\(CA\)$/i.test(name)) return name.replace(/\s*\(CA\)$/i, ' Census Area');
  if (/\(city\)$/i.test(name)) {
    const base = name.replace(/\s*\(city\)$/i, '');
    return /\bCity$/.test(base) ? base : `${base} City`;
  }
  if (
    /\b(County|Parish|Borough|Census Area|Municipality)\b|^City (of|and) |^District of Columbia$/.test(
      name,
    )
  )
    return name;
  if (stateId === 'LA') return `${name} Parish`;
  // Alaska's unsuffixed names mix boroughs and census areas; Marshall Islands has no counties.
  if (stateId === 'AK' || stateId === 'MH') return name;
  if (stateId === 'CT' && !CONNECTICUT_COUNTIES.has(name)) return name;
  return `${name} County`;
}

// Kinds of municipality people add to a name ("Shelby Township", "City of Doral", "Village
// of Skokie") that the place data leaves out, or the other way round ("New York City").
const KIND_WORDS = [
  'charter township',
  'township',
  'twp',
  'village',
  'town',
  'city',
  'borough',
  'cdp',
];
const KIND_PREFIX = /^(charter township|township|twp|city|town|village|borough) of /;

/** A normalised name without its kind of municipality, or null when it names none. */
function kindStripped(name: string): string | null {
  const prefixed = name.replace(KIND_PREFIX, '');
  if (prefixed !== name && prefixed) return prefixed;
  for (const word of KIND_WORDS) {
    if (name.length > word.length + 1 && name.endsWith(` ${word}`))
      return name.slice(0, -word.length - 1);
  }
  return null;
}

/**
 * The kind of municipality a name carries ("Charter Township of Clinton", "Clinton Twp" →
 * township), or null: a customer who writes one means a place of that kind when the data has
 * both ("Clinton Township", MI, not the village of Clinton).
 */
export function kindOf(value: string): string | null {
  const name = normaliseName(value);
  const word =
    KIND_PREFIX.exec(name)?.[1] ?? KIND_WORDS.find((w) => name.endsWith(` ${w}`)) ?? null;
  return word && /township|twp/.test(word) ? 'township' : word;
}

/**
 * The name without the kind of municipality it names, or null when it has none: the
 * fallback lookup form when the name as written is not a place of the state.
 */
export function withoutKind(value: string): string | null {
  return kindStripped(normaliseName(value))?.replaceAll(' ', '') ?? null;
}

/**
 * The normalised name without its kind: "Lower Merion Township", "Township of Lower Merion"
 * and "lower merion" are one place the data lacks, so they share a key.
 */
export function baseName(value: string): string {
  const name = normaliseName(value);
  return kindStripped(name) ?? name;
}
