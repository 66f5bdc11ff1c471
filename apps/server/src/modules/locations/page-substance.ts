import { textBlocks } from '@cityforge/shared/html';
import { countyStem, textWords } from './similarity.ts';

/**
 * How much of a city page says something of its own place: the quality gate's second measure
 * (the first is similarity to its siblings). Read from the page's HTML, the text that is
 * published, so a hand edit counts as much as the model's words.
 *
 * - Written text only: the ZIP chips and nearby-city cards the site adds from data under every
 *   city page, the contact band and hidden text are left out, or every page would pass on the
 *   site's own blocks.
 * - A sentence is local when it states a fact of the place beyond its name: its county (or a
 *   county it reaches into), one of its ZIP codes, a nearby city of the project, a distance
 *   ("12 miles"), or a proper name from the upload's instructions ("Lake Travis"). The city's
 *   own name, state and state code do not count: "Plumbing in Austin" with the name swapped is
 *   the template duplication the gate is for.
 * - The share is of statements (sentences of five words or more), not words, so one long
 *   generic paragraph weighs as its sentences; headings and labels ("Fixed Properly", "Yes.")
 *   are not statements, or a page of many cards would dilute its own facts.
 */

/** Sections the site adds to city pages from data (render-locations.ts cityLocalSections). */
const DATA_SECTIONS = new Set(['zip-codes', 'nearby']);

export type WrittenPage = {
  /** The written text, one entry per block. */
  blocks: string[];
  /** The names of the nearby cities the page's own cards link to. */
  nearby: string[];
};

export function writtenPage(html: string): WrittenPage {
  const all = textBlocks(html, (tag, attrs) => {
    if (attrs.get('aria-hidden') === 'true') return 'hidden';
    if (tag !== 'section') return null;
    const id = attrs.get('id') ?? '';
    if (DATA_SECTIONS.has(id)) return id;
    return (attrs.get('class') ?? '').split(/\s+/).includes('band') ? 'band' : null;
  });
  const blocks: string[] = [];
  const nearby: string[] = [];
  for (const block of all) {
    if (block.label === null) blocks.push(block.text);
    else if (block.label === 'nearby' && block.tag === 'h3') {
      // Cards read "Round Rock, TX".
      const comma = block.text.lastIndexOf(', ');
      nearby.push(comma > 0 ? block.text.slice(0, comma) : block.text);
    }
  }
  return { blocks, nearby };
}

export type PlaceFacts = {
  county: string;
  otherCounties: readonly string[];
  zips: readonly string[];
  /** Cities near it: the page's nearby cards. */
  neighbours: readonly string[];
  /** The upload's instructions for the page. */
  instructions: string;
  /** Its own name, state name and code: never a local fact on their own. */
  own: readonly string[];
};

/** Words of written text; statements, and those of them stating a fact of the place. */
export type Substance = { words: number; sentences: number; local: number; localShare: number };

/** A sentence of fewer words is a heading or a label, not a statement. */
const STATEMENT_WORDS = 5;

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

const lower = (text: string) => textWords(text).map((w) => w.toLowerCase());

/** Sentences of a block: ends at . ! or ? followed by a space or the end. Linear. */
export function sentencesOf(block: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < block.length; i++) {
    const c = block[i];
    if ((c === '.' || c === '!' || c === '?') && (i + 1 === block.length || block[i + 1] === ' ')) {
      const s = block.slice(start, i + 1).trim();
      if (s) out.push(s);
      start = i + 1;
    }
  }
  const rest = block.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/**
 * Proper names in the instructions: runs of capitalised words not opening a sentence, of two
 * words or more, or one word of four letters or more that is not all capitals ("HVAC" is the
 * trade, said on every page; "Zilker" is a place).
 */
export function instructionNames(instructions: string): string[] {
  const names: string[] = [];
  for (const sentence of sentencesOf(instructions.replace(/\s+/g, ' '))) {
    const words = textWords(sentence);
    let run: string[] = [];
    const end = () => {
      const single = run[0];
      if (run.length > 1 || (single && single.length >= 4 && single !== single.toUpperCase()))
        names.push(run.join(' '));
      run = [];
    };
    words.forEach((w, i) => {
      const capital = w[0] !== w[0]!.toLowerCase();
      if (i > 0 && capital) run.push(w);
      else end();
    });
    end();
  }
  return names;
}

type Phrase = { tokens: string[]; key: string };
/** Phrases by their first word (lower-case), for matching at each word of a sentence. */
export type PhraseIndex = Map<string, Phrase[]>;

/** An index of place names; build one per county for its cities and share it. */
export function phraseIndex(phrases: readonly string[]): PhraseIndex {
  const index: PhraseIndex = new Map();
  for (const phrase of phrases) {
    const tokens = lower(phrase);
    if (!tokens.length) continue;
    const list = index.get(tokens[0]!) ?? [];
    if (!list.length) index.set(tokens[0]!, list);
    const key = tokens.join(' ');
    if (!list.some((p) => p.key === key)) list.push({ tokens, key });
  }
  return index;
}

function hasPhrase(tokens: string[], at: number, index: PhraseIndex, own: Set<string>): boolean {
  const candidates = index.get(tokens[at]!);
  if (!candidates) return false;
  return candidates.some(
    (p) =>
      !own.has(p.key) &&
      at + p.tokens.length <= tokens.length &&
      p.tokens.every((t, j) => tokens[at + j] === t),
  );
}

/** The county as written and without its suffix: text says "across Travis" too. */
function countyNames(county: string): string[] {
  const stem = countyStem(county);
  return stem && stem !== county ? [county, stem] : [county];
}

/**
 * `countyCities`: the index of the names of the county's cities, shared by its pages (a page's
 * own name in it is ignored).
 */
export function localSubstance(
  blocks: readonly string[],
  facts: PlaceFacts,
  countyCities: PhraseIndex = new Map(),
): Substance {
  const own = new Set(facts.own.map((o) => lower(o).join(' ')));
  const index = phraseIndex([
    ...countyNames(facts.county),
    ...facts.otherCounties.flatMap(countyNames),
    ...facts.neighbours,
    ...instructionNames(facts.instructions),
  ]);
  const zips = new Set(facts.zips);
  let words = 0;
  let sentences = 0;
  let local = 0;
  for (const block of blocks) {
    for (const sentence of sentencesOf(block)) {
      const tokens = lower(sentence);
      if (!tokens.length) continue;
      words += tokens.length;
      if (tokens.length < STATEMENT_WORDS) continue;
      sentences += 1;
      const isLocal = tokens.some(
        (t, i) =>
          zips.has(t) ||
          hasPhrase(tokens, i, index, own) ||
          hasPhrase(tokens, i, countyCities, own) ||
          (/^\d+$/.test(t) && DISTANCE_UNITS.has(tokens[i + 1] ?? '')),
      );
      if (isLocal) local += 1;
    }
  }
  return { words, sentences, local, localShare: sentences ? local / sentences : 0 };
}
