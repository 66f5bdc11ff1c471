import { countyStem, textWords } from './similarity.ts';

/**
 * Where a sentence names places, for the quality gate: which kinds of geography it mentions
 * (each kind counts once per page) and whether it is mostly a list of places (keyword
 * stuffing, in Google's words "blocks of text that list cities and regions"). One walk over
 * the sentence's words; at each word only as far as some name goes.
 */

export const lowerWords = (text: string) => textWords(text).map((w) => w.toLowerCase());

/** What a name is to a page: its county, a city near it, a place its instructions name, a place. */
const NAME = { county: 1, nearby: 2, named: 4, place: 8 } as const;
/** Names a list of places runs through. */
const PLACE_LIKE = NAME.county | NAME.nearby | NAME.place;

/**
 * Place names as a tree of their words (lower-case), each name marked with what it is: matching
 * at a word walks only as far as some name goes, however many names share their first words
 * ("San …", "North …"), and one walk finds every kind at once.
 */
export type PhraseIndex = { next: Map<string, PhraseIndex>; key: string | null; flags: number };

/** Longer runs of words are not names of places (a run of capitals in a pasted brief). */
const PHRASE_WORDS_MAX = 8;

const node = (): PhraseIndex => ({ next: new Map(), key: null, flags: 0 });

function addNames(into: PhraseIndex, phrases: readonly string[], flags: number): PhraseIndex {
  for (const phrase of phrases) {
    const tokens = lowerWords(phrase);
    if (!tokens.length || tokens.length > PHRASE_WORDS_MAX) continue;
    let at = into;
    for (const token of tokens) {
      let child = at.next.get(token);
      if (!child) at.next.set(token, (child = node()));
      at = child;
    }
    at.key = tokens.join(' ');
    at.flags |= flags;
  }
  return into;
}

/** The cities near a page (its county's): local when named, and places in a list. */
export const nearbyIndex = (names: readonly string[]) =>
  addNames(node(), names, NAME.nearby | NAME.place);

/** Every name a list of places could run through (a project's cities, counties, states). */
export const placesIndex = (names: readonly string[]) => addNames(node(), names, NAME.place);

/** The names one page is read for: its counties, neighbours, instructions' places and its own. */
export function pageIndex(page: {
  counties: readonly string[];
  neighbours: readonly string[];
  named: readonly string[];
  own: readonly string[];
}): PhraseIndex {
  const index = node();
  addNames(index, page.counties, NAME.county);
  addNames(index, page.neighbours, NAME.nearby | NAME.place);
  addNames(index, page.named, NAME.named);
  return addNames(index, page.own, NAME.place);
}

/** The county as written and without its suffix: text says "across Travis" too. */
export function countyNames(county: string): string[] {
  const stem = countyStem(county);
  return stem && stem !== county ? [county, stem] : [county];
}

export type GeoKind = 'county' | 'zip' | 'nearby' | 'distance' | 'named';

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
  /** The page's own names (pageIndex), its county's cities, every place of its project. */
  names: PhraseIndex[];
  /** Its own ZIP codes. */
  zips: ReadonlySet<string>;
  /** Its own name, state and code: never a local fact, but a place in a list. */
  own: ReadonlySet<string>;
};

const isDigits = (t: string) => {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
};

/** What one walk over a sentence's words finds: its kinds of geography, and the places it names. */
export type SentencePlaces = {
  /** The kinds of geography it mentions; its own name never counts. */
  kinds: Set<GeoKind>;
  /** How many places it names (its own among them, any 5-digit number as a ZIP)... */
  places: number;
  /** ...and how many of its words those names take. */
  words: number;
};

export function placesIn(tokens: readonly string[], ix: PlaceIndexes): SentencePlaces {
  let flags = 0;
  let distance = false;
  let zip = false;
  let places = 0;
  let words = 0;
  let free = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (ix.zips.has(t)) zip = true;
    const number = isDigits(t);
    if (number && DISTANCE_UNITS.has(tokens[i + 1] ?? '')) distance = true;
    // A place's words are counted once, by the longest name starting at its first word.
    let length = number && t.length === 5 ? 1 : 0;
    for (const names of ix.names) {
      let here: PhraseIndex | undefined = names;
      for (let j = i; j < tokens.length; j++) {
        here = here.next.get(tokens[j]!);
        if (!here) break;
        if (!here.flags) continue;
        if (here.flags & PLACE_LIKE) length = Math.max(length, j - i + 1);
        if (!ix.own.has(here.key!)) flags |= here.flags;
      }
    }
    if (length && i >= free) {
      places += 1;
      words += length;
      free = i + length;
    }
  }
  const kinds = new Set<GeoKind>();
  if (zip) kinds.add('zip');
  if (distance) kinds.add('distance');
  if (flags & NAME.county) kinds.add('county');
  if (flags & NAME.nearby) kinds.add('nearby');
  if (flags & NAME.named) kinds.add('named');
  return { kinds, places, words };
}

/** A list: at least this many places... */
export const STUFFING_PLACES = 6;
/** ...taking at least this share of the sentence's words. */
export const STUFFING_SHARE = 0.5;

export function isStuffing(
  words: number,
  count: Pick<SentencePlaces, 'places' | 'words'>,
): boolean {
  return count.places >= STUFFING_PLACES && count.words >= words * STUFFING_SHARE;
}
