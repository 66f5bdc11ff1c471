import type { TCityFact } from '@cityforge/shared';
import { textWords } from './similarity.ts';

/**
 * Whether a page states a place's facts, the one reading for the writers (a model's page that
 * dropped a fact gets a repair call) and for the quality gate (a page stating none has no
 * proof). A value is stated when its words appear on the page in order, as given: case,
 * accents, punctuation, quote marks and thousands separators aside ("$1,200" is "1200
 * dollars"' 1200 too), but no paraphrase, since a reworded claim of the customer's is exactly
 * what nobody can check. A yes/no fact is stated by its name ("Free estimates"); a quote by its
 * words and its attribution wherever each stands. Every reading is linear in the text.
 */

export type FactQuote = { text: string; by: string | null };

// A comma between digits that groups thousands: "1,200,000" reads as "1200000".
const THOUSANDS = /(?<=\d),(?=\d{3}(?!\d))/g;

/** The words of a text as the matching compares them: lower case, accents and commas gone. */
export function factTokens(text: string): string[] {
  return textWords(text.replace(THOUSANDS, '')).map((w) => w.toLowerCase());
}

const YES = new Set(['yes', 'y', 'true', '✓', '✔', 'x']);
const NO = new Set(['no', 'n', 'false', '✗', '✘']);

/** "Yes", "No", "✓": a fact whose value only answers its name. */
export function yesNoOf(value: string): 'yes' | 'no' | null {
  const v = value.trim().toLowerCase().replace(/[.!]$/, '');
  if (YES.has(v)) return 'yes';
  if (NO.has(v)) return 'no';
  return null;
}

const QUOTE_NAME = /\b(quotes?|quoted|quotations?|testimonials?|reviews?|said|says)\b/i;
// An author column names a quote in any form ("Reviewer name", "Quoted by", "Testimonial author").
const QUOTE_ROOT = /\b(quot|testimonial|review|said|says)/i;
const AUTHOR_NAME = /\b(by|author|attribution|source|who|name|reviewer)\b/i;
const OPENERS = '"“”„«‘’\'';
const CLOSERS = '"“”»’‘\'';
const SEPARATORS = [' — ', ' – ', ' - ', ' ~ ', '—', '–'];
/** An attribution is short: "Maria G.", "the Smiths, Plum Creek". */
const BY_MAX_CHARS = 80;
const BY_MAX_WORDS = 8;

function shortName(text: string): string | null {
  const by = text.trim().replace(/^[,;:\s—–-]+/, '');
  if (!by || by.length > BY_MAX_CHARS) return null;
  // A name, not the rest of a sentence: "Maria G.", "the Smiths", not "and cleaned up".
  if (by[0] === by[0]!.toLowerCase() && !by.toLowerCase().startsWith('the ')) return null;
  const words = textWords(by);
  return words.length > 0 && words.length <= BY_MAX_WORDS && /\p{L}/u.test(by) ? by : null;
}

/** The quoted words and who said them, when the value reads `"…" — Maria G.` or `“…” Maria G.` */
function splitQuote(value: string): { text: string; by: string | null; marked: boolean } {
  const v = value.trim();
  let cut = -1;
  let sepLength = 0;
  for (const sep of SEPARATORS) {
    const at = v.lastIndexOf(sep);
    if (at > cut) [cut, sepLength] = [at, sep.length];
  }
  let head = v;
  let by: string | null = null;
  if (cut > 0) {
    by = shortName(v.slice(cut + sepLength));
    if (by) head = v.slice(0, cut).trim();
  }
  const opened = OPENERS.includes(head[0] ?? '');
  if (opened && !by) {
    // `"Great work" Maria G.`: the attribution follows the closing mark.
    let close = -1;
    for (let i = head.length - 1; i > 0 && close < 0; i--)
      if (CLOSERS.includes(head[i]!)) close = i;
    if (close > 0 && close < head.length - 1) {
      by = shortName(head.slice(close + 1));
      if (by) head = head.slice(0, close + 1);
    }
  }
  const closed = head.length > 1 && CLOSERS.includes(head[head.length - 1]!);
  const marked = opened && closed;
  const text = marked ? head.slice(1, -1).trim() : head;
  return { text, by, marked };
}

/**
 * A customer's words, when the fact is one: its name says quote, testimonial or review, or its
 * value is quoted text with an attribution. A count ("Reviews: 87") is not a quote.
 */
export function quoteOf(fact: TCityFact): FactQuote | null {
  if (isQuoteAuthor(fact)) return null;
  const { text, by, marked } = splitQuote(fact.value);
  if (textWords(text).filter((w) => /\p{L}/u.test(w)).length < 3) return null;
  if (QUOTE_NAME.test(fact.name) || (marked && by)) return { text, by };
  return null;
}

/** A column naming who said a quote ("Quote author", "Review by"). */
export function isQuoteAuthor(fact: TCityFact): boolean {
  return (
    QUOTE_ROOT.test(fact.name) &&
    AUTHOR_NAME.test(fact.name) &&
    shortName(fact.value) !== null &&
    textWords(fact.value).length <= BY_MAX_WORDS
  );
}

/** A place's quote: the fact it is, and the author column that named who said it, if one did. */
export type PlaceQuote = FactQuote & { fact: TCityFact; byFact: TCityFact | null };

/**
 * The place's quotes with their attributions: a quote without one of its own takes the first
 * author column's value.
 */
export function quotesOf(facts: readonly TCityFact[]): PlaceQuote[] {
  const author = facts.find(isQuoteAuthor) ?? null;
  let authorUsed = false;
  return facts.flatMap((fact): PlaceQuote[] => {
    const quote = quoteOf(fact);
    if (!quote) return [];
    if (!quote.by && author && !authorUsed) {
      authorUsed = true;
      return [{ ...quote, by: author.value.trim(), fact, byFact: author }];
    }
    return [{ ...quote, fact, byFact: null }];
  });
}

/** The word runs a page must hold to state the fact: all of them, each anywhere. */
export function factNeedles(fact: TCityFact): string[][] {
  const quote = quoteOf(fact);
  if (quote) return [factTokens(quote.text), ...(quote.by ? [factTokens(quote.by)] : [])];
  const value = factTokens(fact.value);
  if (yesNoOf(fact.value) || !value.length) {
    const name = factTokens(fact.name);
    return name.length ? [name] : [];
  }
  return [value];
}

/** Every place `needle` occurs in `tokens`, by its first index: Knuth-Morris-Pratt, linear. */
export function occurrences(tokens: readonly string[], needle: readonly string[]): number[] {
  const found: number[] = [];
  if (!needle.length || needle.length > tokens.length) return found;
  const fail = new Int32Array(needle.length);
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle[i] !== needle[k]) k = fail[k - 1]!;
    if (needle[i] === needle[k]) k++;
    fail[i] = k;
  }
  for (let i = 0, k = 0; i < tokens.length; i++) {
    while (k > 0 && tokens[i] !== needle[k]) k = fail[k - 1]!;
    if (tokens[i] === needle[k]) k++;
    if (k === needle.length) {
      found.push(i - k + 1);
      k = fail[k - 1]!;
    }
  }
  return found;
}

/** The facts a text (a page's written blocks) does not state, in their order. */
export function unstatedFacts(blocks: readonly string[], facts: readonly TCityFact[]): TCityFact[] {
  const tokens = blocks.flatMap(factTokens);
  return facts.filter((fact) =>
    factNeedles(fact).some((needle) => occurrences(tokens, needle).length === 0),
  );
}
