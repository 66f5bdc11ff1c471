import { FACT_WEIGHT, type TCityFact } from '@cityforge/shared';
import { textBlocks } from '@cityforge/shared/html';
import { factNeedles, factTokens, occurrences } from './fact-text.ts';
import {
  countyNames,
  isStuffing,
  lowerWords,
  pageIndex,
  placesIn,
  STUFFING_PLACES,
  type GeoKind,
  type PhraseIndex,
  type PlaceIndexes,
} from './place-mentions.ts';
import { textWords } from './similarity.ts';

export { nearbyIndex, placesIndex, type PhraseIndex } from './place-mentions.ts';

/**
 * How much of a city page says something of its own place: the quality gate's second measure
 * (the first is similarity to its siblings). Read from the page's HTML, the text that is
 * published, so a hand edit counts as much as the model's words.
 *
 * - Written text only: the ZIP chips and nearby-city cards the site adds from data under every
 *   city page, the contact band and hidden text are left out, or every page would pass on the
 *   site's own blocks.
 * - First-hand facts first: a statement carrying one of the facts the customer gave for the
 *   place (fact-text.ts) weighs FACT_WEIGHT. Geography counts once per kind and page (its
 *   county or a county it reaches into, one of its ZIP codes, a nearby city of the project, a
 *   distance, a proper name from the upload's instructions): saying the county ten times is
 *   not ten facts. The city's own name, state and state code never count: "Plumbing in
 *   Austin" with the name swapped is the template duplication the gate is for.
 * - A sentence that is mostly a list of places or ZIP codes is stuffing: it counts as a
 *   statement, carries no geography, and is a reason of its own. So is a run of list items
 *   that are each only a place.
 * - The share is of statements (sentences of five words or more), not words, so one long
 *   generic paragraph weighs as its sentences; headings and labels ("Fixed Properly", "Yes.")
 *   are not statements, or a page of many cards would dilute its own facts.
 */

/**
 * Sections the site adds to city pages from data (render-locations.ts cityLocalSections), and
 * a service-city page's way back to its city (generation/service-city-page.ts).
 */
const DATA_SECTIONS = new Set(['zip-codes', 'nearby', 'city']);

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
  /** What the customer told us about the place (its sheet's fact columns). */
  firsthand?: readonly TCityFact[];
};

/**
 * Names shared by a project's pages: its county's cities (nearbyIndex), and every place a list
 * could name (placesIndex).
 */
export type SharedNames = { countyCities?: PhraseIndex; places?: PhraseIndex };

export type Substance = {
  /** Words of written text. */
  words: number;
  /** Its statements (sentences of STATEMENT_WORDS or more). */
  sentences: number;
  /** The local credit: FACT_WEIGHT per statement carrying a fact, 1 per kind of geography. */
  local: number;
  /** Facts of the place the text states (each once, wherever it stands). */
  factsStated: number;
  /** Sentences, or runs of list items, that only list places. */
  stuffing: number;
  /** local / sentences, at most 1. */
  localShare: number;
};

/** A sentence of fewer words is a heading or a label, not a statement. */
const STATEMENT_WORDS = 5;

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

/** What one page is compared with. */
function indexesOf(facts: PlaceFacts, shared: SharedNames): PlaceIndexes {
  const page = pageIndex({
    counties: [...countyNames(facts.county), ...facts.otherCounties.flatMap(countyNames)],
    neighbours: facts.neighbours,
    named: instructionNames(facts.instructions),
    own: facts.own,
  });
  return {
    names: [page, shared.countyCities, shared.places].filter((n) => n !== undefined),
    zips: new Set(facts.zips),
    own: new Set(facts.own.map((o) => lowerWords(o).join(' '))),
  };
}

/**
 * How many of the place's facts the text states, and its credit for them: each statement
 * carrying one (`statementOf`: the statement each of the text's words stands in, -1 outside
 * statements), and each fact stated only outside statements (a short quote, a heading).
 */
function firsthandCredit(
  tokens: readonly string[],
  statementOf: Int32Array,
  facts: readonly TCityFact[],
): { stated: number; credit: number } {
  const cover = new Int32Array(tokens.length + 1);
  let stated = 0;
  let outside = 0;
  for (const fact of facts) {
    const needles = factNeedles(fact);
    const found = needles.map((needle) => ({ needle, at: occurrences(tokens, needle) }));
    if (!needles.length || found.some((f) => !f.at.length)) continue;
    stated += 1;
    let inStatement = false;
    for (const { needle, at } of found)
      for (const start of at) {
        cover[start]! += 1;
        cover[start + needle.length]! -= 1;
        inStatement ||= statementOf[start]! >= 0;
      }
    if (!inStatement) outside += 1;
  }
  const carrying = new Set<number>();
  for (let i = 0, depth = 0; i < tokens.length; i++) {
    depth += cover[i]!;
    if (depth > 0 && statementOf[i]! >= 0) carrying.add(statementOf[i]!);
  }
  return { stated, credit: carrying.size + outside };
}

/**
 * A page's local substance: its words and statements, its first-hand facts, the kinds of
 * geography it mentions and the lists of places it holds. Linear in the text (for each fact,
 * one pass of the text's words).
 */
export function localSubstance(
  blocks: readonly string[],
  facts: PlaceFacts,
  shared: SharedNames = {},
): Substance {
  const ix = indexesOf(facts, shared);
  const kinds = new Set<GeoKind>();
  const tokens: string[] = [];
  const statements: number[] = [];
  let words = 0;
  let sentences = 0;
  let stuffing = 0;
  let listRun = 0;
  const endRun = () => {
    if (listRun >= STUFFING_PLACES) stuffing += 1;
    listRun = 0;
  };
  for (const block of blocks) {
    for (const sentence of sentencesOf(block)) {
      // One reading of the words for places and facts alike ("1,200" is one word, 1200).
      const lower = factTokens(sentence);
      if (!lower.length) continue;
      words += lower.length;
      const statement = lower.length >= STATEMENT_WORDS ? sentences++ : -1;
      for (const t of lower) {
        tokens.push(t);
        statements.push(statement);
      }
      const found = placesIn(lower, ix);
      if (statement < 0) {
        // A list item that is only a place ("78701", "Round Rock"): a run of them is a list.
        if (found.places === 1 && found.words === lower.length) listRun += 1;
        else endRun();
        continue;
      }
      endRun();
      if (isStuffing(lower.length, found)) stuffing += 1;
      else for (const kind of found.kinds) kinds.add(kind);
    }
  }
  endRun();
  const firsthand = firsthandCredit(tokens, Int32Array.from(statements), facts.firsthand ?? []);
  const local = FACT_WEIGHT * firsthand.credit + kinds.size;
  return {
    words,
    sentences,
    local,
    factsStated: firsthand.stated,
    stuffing,
    localShare: sentences ? Math.min(1, local / sentences) : 0,
  };
}
