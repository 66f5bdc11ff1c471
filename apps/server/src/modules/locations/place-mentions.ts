import { countyStem, textWords } from './similarity.ts';

/**
 * Where a sentence names places, for the quality gate: which kinds of geography it mentions
 * (each kind counts once per page) and whether it is mostly a list of places (keyword
 * stuffing, in Google's words "blocks of text that list cities and regions"). One walk over
 * the sentence's words; at each word only the names starting with it are compared.
 */

export const lowerWords = (text: string) => textWords(text).map((w) => w.toLowerCase());

type Phrase = { tokens: string[]; key: string };
/** Phrases by their first word (lower-case), longest first, for matching at each word. */
export type PhraseIndex = Map<string, Phrase[]>;

/** An index of place names; build one per county (or project) and share it. */
export function phraseIndex(phrases: readonly string[]): PhraseIndex {
  const index: PhraseIndex = new Map();
  for (const phrase of phrases) {
    const tokens = lowerWords(phrase);
    if (!tokens.length) continue;
    const list = index.get(tokens[0]!) ?? [];
    if (!list.length) index.set(tokens[0]!, list);
    const key = tokens.join(' ');
    if (list.some((p) => p.key === key)) continue;
    list.push({ tokens, key });
    list.sort((a, b) => b.tokens.length - a.tokens.length);
  }
  return index;
}

/** The county as written and without its suffix: text says "across Travis" too. */
export function countyNames(county: string): string[] {
  const stem = countyStem(county);
  return stem && stem !== county ? [county, stem] : [county];
}

/** The length of the longest phrase of `index` at `at` (skipping `own` names), else 0. */
export function phraseAt(
  tokens: readonly string[],
  at: number,
  index: PhraseIndex,
  own?: ReadonlySet<string>,
): number {
  const candidates = index.get(tokens[at]!);
  if (!candidates) return 0;
  for (const p of candidates) {
    if (own?.has(p.key) || at + p.tokens.length > tokens.length) continue;
    if (p.tokens.every((t, j) => tokens[at + j] === t)) return p.tokens.length;
  }
  return 0;
}

export const GEO_KINDS = ['county', 'zip', 'nearby', 'distance', 'named'] as const;
export type GeoKind = (typeof GEO_KINDS)[number];

const DISTANCE_UNITS = new Set([
  'mile',
  'miles',
  'mi',
  'km',
  'kilometer',
  'kilometers',
  'kilometre',
  'kilometres',
  'minute',
  'minutes',
]);

/** What one page's sentences are compared with. */
export type PlaceIndexes = {
  /** Its county and the counties it reaches into. */
  counties: PhraseIndex;
  /** Its nearby cities and the cities of its county. */
  nearby: PhraseIndex[];
  /** Proper names from the upload's instructions. */
  named: PhraseIndex;
  /** Its own ZIP codes. */
  zips: ReadonlySet<string>;
  /** Its own name, state and code: never a local fact, but a place in a list. */
  own: ReadonlySet<string>;
  /**
   * Every place name a list could run through: the project's cities (its own among them),
   * counties and states.
   */
  places: PhraseIndex[];
};

/** The kinds of geography a sentence mentions; its own name never counts. */
export function geoKinds(tokens: readonly string[], ix: PlaceIndexes): Set<GeoKind> {
  const kinds = new Set<GeoKind>();
  tokens.forEach((t, i) => {
    if (ix.zips.has(t)) kinds.add('zip');
    if (phraseAt(tokens, i, ix.counties, ix.own)) kinds.add('county');
    if (ix.nearby.some((n) => phraseAt(tokens, i, n, ix.own))) kinds.add('nearby');
    if (phraseAt(tokens, i, ix.named, ix.own)) kinds.add('named');
    if (/^\d+$/.test(t) && DISTANCE_UNITS.has(tokens[i + 1] ?? '')) kinds.add('distance');
  });
  return kinds;
}

const ZIP_LIKE = /^\d{5}$/;

/** How many places a run of words names, and how many of its words those names take. */
export function placeCount(
  tokens: readonly string[],
  ix: PlaceIndexes,
): { places: number; words: number } {
  let places = 0;
  let words = 0;
  for (let i = 0; i < tokens.length;) {
    const t = tokens[i]!;
    let length = ZIP_LIKE.test(t) ? 1 : 0;
    for (const index of [ix.counties, ...ix.nearby, ...ix.places])
      length = Math.max(length, phraseAt(tokens, i, index));
    if (length) {
      places += 1;
      words += length;
      i += length;
    } else i += 1;
  }
  return { places, words };
}

/** A list: at least this many places... */
export const STUFFING_PLACES = 6;
/** ...taking at least this share of the sentence's words. */
export const STUFFING_SHARE = 0.5;

export function isStuffing(words: number, count: { places: number; words: number }): boolean {
  return count.places >= STUFFING_PLACES && count.words >= words * STUFFING_SHARE;
}
