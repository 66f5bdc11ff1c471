import { SIMILARITY_THRESHOLD } from '@cityforge/shared';
import { fnv1a32, mix32 as fmix32 } from '../../lib/hash.ts';
import type { TPageContent } from '../pages/lean.ts';

/**
 * How alike two city pages read, so pages that would count as thin, near-duplicate content
 * can be flagged and regenerated before a search engine sees them.
 *
 * The measure is the Jaccard similarity |A ∩ B| / |A ∪ B| of the sets of 5-word shingles (runs
 * of five consecutive words) of each page's visible text:
 *
 * - Five words: single words or pairs are shared by any two pages about the same trade ("drain
 *   cleaning", "clear quote"), so short shingles make every page look alike; long ones (8+)
 *   make one changed word hide a whole sentence. Five is the usual choice for near-duplicate
 *   detection of web text: a shared 5-word run is a shared phrase, not a shared vocabulary.
 * - Masking: every occurrence of the page's own place words (city, county, state name, state
 *   code, ZIP codes) becomes one placeholder token before shingling. "Plumbing in Austin" and
 *   "Plumbing in Round Rock" are the same sentence with the name swapped, which is exactly
 *   the template duplication search engines discount, so such pages must score 1.0. Other
 *   cities' names (a page's nearby cities) stay as they are: they are real content.
 * - MinHash: a page is summarised by n = 128 minimum hashes, one per fixed hash function; the
 *   share of equal slots of two signatures is an unbiased estimate of their Jaccard similarity
 *   with a standard error of sqrt(J(1 - J) / n) ≤ 1 / (2·sqrt(n)), so about ±0.04 (±0.09 at
 *   two standard errors) at n = 128. Signatures are small and fixed-size, so all pairs of 5,000
 *   pages compare in a tight typed-array loop; exactJaccard is there for tests and spot checks.
 *
 * Everything here is pure and deterministic: equal input gives equal hashes on any machine.
 */

export { SIMILARITY_THRESHOLD };

/** Above the shared threshold, a page is flagged as too similar to its closest sibling. */
export function isTooSimilar(similarity: number): boolean {
  return similarity > SIMILARITY_THRESHOLD;
}

// ---------------------------------------------------------------- visible text

/** Cards of a section (services, benefits, steps): each one's title and description. */
const cards = (items: readonly { title: string; description: string }[]) =>
  items.flatMap((i) => [i.title, i.description]);

/** What a section shows besides its heading. */
function sectionText(s: TPageContent['sections'][number]): string[] {
  switch (s.type) {
    case 'text':
      return s.paragraphs;
    case 'services':
      return [...(s.intro ? [s.intro] : []), ...cards(s.items)];
    case 'benefits':
      return cards(s.items);
    case 'process':
      return cards(s.steps);
    case 'faq':
      return s.items.flatMap((f) => [f.question, f.answer]);
    case 'quotes':
      return s.items.flatMap((q) => [q.quote, ...(q.by ? [q.by] : [])]);
    case 'cta':
      return [s.text, s.buttonLabel];
  }
}

/** Every text a visitor sees on the page (not the meta tags), one block per line. */
export function visibleText(content: TPageContent): string {
  const { hero, sections } = content;
  const blocks = sections.flatMap((s) => [s.heading, ...sectionText(s)]);
  return [hero.heading, hero.subheading, hero.ctaLabel, ...blocks].join('\n');
}

// ---------------------------------------------------------------- tokens and masks

// Letters and digits only: "Austin's" is "austin" + "s", so possessives are masked too.
const WORD = /[\p{L}\p{N}]+/gu;
/** Cannot occur in a token (tokens are letters and digits), so it never meets real text. */
const PLACE = '\u0001';

/** The words of a text (letters and digits), accents dropped. */
export function textWords(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(WORD) ?? []
  );
}

// Starts only where a run of spaces starts, so a cell of spaces is not rescanned per space.
const COUNTY_SUFFIX =
  /(?<!\s)\s+(county|parish|borough|city and borough|census area|municipality|municipio)$/i;

/** A county's name without its suffix ("Travis County" → "Travis"); other names as they are. */
export const countyStem = (name: string) => name.replace(COUNTY_SUFFIX, '');

type MaskIndex = {
  /** First token (lower-case) → masks starting with it, longest first. */
  folded: Map<string, string[][]>;
  /** Same for short all-capital masks (state codes), matched on the text as written. */
  exact: Map<string, string[][]>;
};

/**
 * State codes are matched as written ("IN", "OR", "OH"), or masking Indiana's code would hide
 * every "in" of the page; other masks ignore case. A county is also masked without its
 * suffix, since text says "across Travis" as well as "across Travis County".
 */
function maskIndex(masks: string[]): MaskIndex {
  const index: MaskIndex = { folded: new Map(), exact: new Map() };
  const add = (map: Map<string, string[][]>, tokens: string[]) => {
    if (tokens.length === 0) return;
    const list = map.get(tokens[0]!) ?? [];
    if (list.some((t) => t.join(' ') === tokens.join(' '))) return;
    list.push(tokens);
    list.sort((a, b) => b.length - a.length);
    map.set(tokens[0]!, list);
  };
  for (const raw of masks) {
    const mask = raw.trim();
    if (!mask) continue;
    if (/^[A-Z]{2,3}$/.test(mask)) {
      add(index.exact, [mask]);
      continue;
    }
    add(
      index.folded,
      textWords(mask).map((w) => w.toLowerCase()),
    );
    const stem = countyStem(mask);
    if (stem !== mask)
      add(
        index.folded,
        textWords(stem).map((w) => w.toLowerCase()),
      );
  }
  return index;
}

function matches(tokens: string[], at: number, mask: string[]): boolean {
  if (at + mask.length > tokens.length) return false;
  for (let j = 0; j < mask.length; j++) if (tokens[at + j] !== mask[j]) return false;
  return true;
}

/** Lower-case tokens with each occurrence of a mask replaced by one placeholder token. */
export function maskedTokens(text: string, masks: string[]): string[] {
  const raw = textWords(text);
  const folded = raw.map((w) => w.toLowerCase());
  const index = maskIndex(masks);
  const out: string[] = [];
  for (let i = 0; i < raw.length;) {
    const exact = index.exact.get(raw[i]!)?.find((m) => matches(raw, i, m));
    const loose = exact
      ? undefined
      : index.folded.get(folded[i]!)?.find((m) => matches(folded, i, m));
    const hit = exact ?? loose;
    if (hit) {
      out.push(PLACE);
      i += hit.length;
    } else {
      out.push(folded[i]!);
      i += 1;
    }
  }
  return out;
}

// ---------------------------------------------------------------- shingles

/**
 * The sorted, de-duplicated hashes of the text's k-word shingles, the page's own place words
 * masked. A text shorter than k words is one shingle; an empty text is the empty set.
 */
export function shingleSet(text: string, masks: string[], k = 5): Uint32Array {
  const tokens = maskedTokens(text, masks);
  if (tokens.length === 0) return new Uint32Array(0);
  const width = Math.max(1, Math.min(k, tokens.length));
  const hashes = new Uint32Array(tokens.length - width + 1);
  for (let i = 0; i < hashes.length; i++) {
    hashes[i] = fnv1a32(tokens.slice(i, i + width).join(' '));
  }
  hashes.sort();
  let n = 0;
  for (let i = 0; i < hashes.length; i++) {
    if (i === 0 || hashes[i] !== hashes[n - 1]) hashes[n++] = hashes[i]!;
  }
  return hashes.slice(0, n);
}

/** Jaccard similarity of two sorted, de-duplicated sets; 0 when both are empty. */
export function exactJaccard(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  const union = a.length + b.length - shared;
  return union === 0 ? 0 : shared / union;
}

// ---------------------------------------------------------------- MinHash

/** The value of every slot of an empty set's signature. */
const EMPTY = 0xffffffff;

/** Fixed per-slot constants (splitmix32 from a fixed seed): signatures are stable forever. */
const seedCache = new Map<number, { mul: Uint32Array; add: Uint32Array }>();
function slotSeeds(n: number): { mul: Uint32Array; add: Uint32Array } {
  const cached = seedCache.get(n);
  if (cached) return cached;
  let state = 0x9e3779b9;
  const next = () => {
    state = (state + 0x9e3779b9) >>> 0;
    return fmix32(state);
  };
  const mul = new Uint32Array(n);
  const add = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    mul[i] = next() | 1;
    add[i] = next();
  }
  const seeds = { mul, add };
  seedCache.set(n, seeds);
  return seeds;
}

/**
 * The MinHash signature of a shingle set: for each of n fixed hash functions, the smallest
 * hash of any shingle. Each function is fmix32 of an odd-multiplier affine map of the
 * (already mixed) shingle hash, so the n functions act as independent permutations.
 */
export function minHash(shingles: Uint32Array, n = 128): Uint32Array {
  const { mul, add } = slotSeeds(n);
  const sig = new Uint32Array(n).fill(EMPTY);
  for (let s = 0; s < shingles.length; s++) {
    const x = fmix32(shingles[s]!);
    for (let i = 0; i < n; i++) {
      const h = fmix32((Math.imul(x, mul[i]!) + add[i]!) >>> 0);
      if (h < sig[i]!) sig[i] = h;
    }
  }
  return sig;
}

function isEmptySignature(sig: Uint32Array): boolean {
  for (let i = 0; i < sig.length; i++) if (sig[i] !== EMPTY) return false;
  return true;
}

/** The share of equal slots: an estimate of the Jaccard similarity of the two sets. */
export function estimateJaccard(a: Uint32Array, b: Uint32Array): number {
  if (a.length !== b.length) throw new Error('MinHash signatures of different lengths');
  if (a.length === 0) return 0;
  let equal = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i] && a[i] !== EMPTY) equal++;
  return equal / a.length;
}

/** A page's signature: its visible text, own place words masked, 5-word shingles, n = 128. */
export function signatureOf(content: TPageContent, masks: string[]): Uint32Array {
  return signatureOfText(visibleText(content), masks);
}

/** The signature of a page's text as read from its HTML (page-substance.ts writtenPage). */
export function signatureOfText(text: string, masks: string[]): Uint32Array {
  return minHash(shingleSet(text, masks));
}

/** The place words of a city page, as shingleSet masks them. */
export function placeMasks(city: {
  name: string;
  county: string;
  stateName: string;
  stateId: string;
  zips: readonly string[];
}): string[] {
  return [city.name, city.county, city.stateName, city.stateId, ...city.zips].filter(
    (m) => m.trim() !== '',
  );
}

// ---------------------------------------------------------------- siblings

export type SiblingScore = { similarity: number; similarTo: string | null };

/**
 * For each page, its highest estimated Jaccard similarity with any other page of the set and
 * which page that is (the first such page on a tie). A lone page, or one with no text, scores
 * 0 with null.
 *
 * All pairs (5,000 pages are 12.5 million pairs of 128 slots), with a cheap bound first: the
 * low bytes of four slots are packed in one 32-bit word and compared four at a time (SWAR).
 * Equal slots have equal low bytes, so that count is an upper bound of the real one; only a
 * pair whose bound beats the best so far of one of its pages is counted on full slots. The
 * result is exactly the all-pairs answer on full 32-bit slots, about 2-3 times faster.
 */
export function scoreSiblings(
  pages: Array<{ id: string; signature: Uint32Array }>,
): Map<string, SiblingScore> {
  const result = new Map<string, SiblingScore>();
  const n = pages[0]?.signature.length ?? 0;
  for (const p of pages) {
    if (p.signature.length !== n) throw new Error('MinHash signatures of different lengths');
    result.set(p.id, { similarity: 0, similarTo: null });
  }
  // Pages with text, packed one signature after another.
  const live = pages.filter((p) => n > 0 && !isEmptySignature(p.signature));
  const m = live.length;
  const full = new Uint32Array(m * n);
  // Four low bytes per word; padding bytes are 0 on both sides, which only raises the bound.
  const w = Math.ceil(n / 4);
  const low = new Uint32Array(m * w);
  live.forEach((p, row) => {
    full.set(p.signature, row * n);
    for (let i = 0; i < n; i++) {
      low[row * w + (i >> 2)]! |= (p.signature[i]! & 0xff) << ((i & 3) * 8);
    }
  });
  const best = new Int32Array(m).fill(-1);
  const bestOf = new Int32Array(m).fill(-1);

  for (let a = 0; a < m; a++) {
    const fa = a * n;
    const la = a * w;
    for (let b = a + 1; b < m; b++) {
      const lb = b * w;
      let bound = 0;
      for (let i = 0; i < w; i++) {
        const x = low[la + i]! ^ low[lb + i]!;
        // High bit of each byte set where that byte of x is zero; then add the four bits up.
        const zero = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f);
        bound += Math.imul((zero >>> 7) & 0x01010101, 0x01010101) >>> 24;
      }
      if (bound <= best[a]! && bound <= best[b]!) continue;
      const fb = b * n;
      let equal = 0;
      for (let i = 0; i < n; i++) if (full[fa + i] === full[fb + i]) equal++;
      // Pairs are visited in index order, so ">" keeps the first page of a tie.
      if (equal > best[a]!) {
        best[a] = equal;
        bestOf[a] = b;
      }
      if (equal > best[b]!) {
        best[b] = equal;
        bestOf[b] = a;
      }
    }
  }

  for (let row = 0; row < m; row++) {
    if (bestOf[row]! < 0) continue;
    result.set(live[row]!.id, { similarity: best[row]! / n, similarTo: live[bestOf[row]!]!.id });
  }
  return result;
}
