import { SIMILARITY_THRESHOLD } from '@cityforge/shared';
import { describe, expect, it } from 'vitest';
import type { TPageContent } from '../src/modules/pages/content.ts';
import {
  estimateJaccard,
  exactJaccard,
  isTooSimilar,
  maskedTokens,
  minHash,
  placeMasks,
  scoreSiblings,
  shingleSet,
  signatureOf,
  visibleText,
} from '../src/modules/locations/similarity.ts';

type Place = { name: string; county: string; stateName: string; stateId: string; zips: string[] };

const AUSTIN: Place = {
  name: 'Austin',
  county: 'Travis County',
  stateName: 'Texas',
  stateId: 'TX',
  zips: ['78701', '78702'],
};
const ROUND_ROCK: Place = {
  name: 'Round Rock',
  county: 'Williamson County',
  stateName: 'Texas',
  stateId: 'TX',
  zips: ['78664', '78665'],
};

/** One page template, filled in for a place: what a naive generator would produce. */
function templated(p: Place): TPageContent {
  return {
    meta: { title: `Plumbing in ${p.name}, ${p.stateId}`, description: `Plumbing for ${p.name}.` },
    hero: {
      heading: `Plumbing Services in ${p.name}, ${p.stateName}`,
      subheading: `Fast, friendly plumbing for homes and businesses across ${p.county}.`,
      ctaLabel: 'Call Now',
    },
    sections: [
      {
        type: 'text',
        heading: `About Our ${p.name} Team`,
        paragraphs: [
          `We have served ${p.name} and the rest of ${p.county} with careful plumbing work. ${p.name}'s homeowners call us for leaks, drains and water heaters.`,
          `Our ${p.stateId} crews cover ZIP codes ${p.zips.join(' and ')} every day of the week.`,
        ],
      },
      {
        type: 'services',
        heading: `Services in ${p.name}`,
        intro: 'Here is what we do.',
        items: [
          { title: 'Drain Cleaning', description: `Blocked drains cleared anywhere in ${p.name}.` },
          { title: 'Leak Repair', description: 'Hidden leaks found and fixed at the source.' },
        ],
      },
      {
        type: 'faq',
        heading: 'Questions',
        items: [
          { question: `Do you serve ${p.zips[0]}?`, answer: `Yes, all of ${p.name} is covered.` },
        ],
      },
      {
        type: 'cta',
        heading: 'Book Today',
        text: 'Call us for a clear quote.',
        buttonLabel: 'Call',
      },
    ],
  };
}

/** Deterministic pseudo-random words, for texts with a known share of shingles. */
function wordsFrom(seed: number, count: number): string[] {
  let state = seed >>> 0;
  return Array.from({ length: count }, () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return `w${state.toString(36)}`;
  });
}

describe('visibleText', () => {
  it('takes every visible text of the page and no meta tag', () => {
    const text = visibleText(templated(AUSTIN));
    for (const part of [
      'Plumbing Services in Austin, Texas',
      'Call Now',
      'About Our Austin Team',
      'Drain Cleaning',
      'Hidden leaks found',
      'Do you serve 78701?',
      'Book Today',
      'Call us for a clear quote.',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('Plumbing in Austin, TX');
    expect(text).not.toContain('Plumbing for Austin.');
  });
});

describe('shingles', () => {
  it('masks the place words, multi-word names and possessives included', () => {
    const masks = placeMasks(ROUND_ROCK);
    expect(
      maskedTokens("Round Rock's plumbers serve 78664 in Williamson County, TX", masks),
    ).toEqual(['\u0001', 's', 'plumbers', 'serve', '\u0001', 'in', '\u0001', '\u0001']);
    // The county is masked without its suffix too.
    expect(maskedTokens('across Williamson and beyond', masks)).toEqual([
      'across',
      '\u0001',
      'and',
      'beyond',
    ]);
  });

  it('masks state codes only as written, so "in" survives on an Indiana page', () => {
    const masks = placeMasks({ ...AUSTIN, name: 'Carmel', stateId: 'IN', stateName: 'Indiana' });
    expect(maskedTokens('Plumbing in Carmel, IN', masks)).toEqual([
      'plumbing',
      'in',
      '\u0001',
      '\u0001',
    ]);
  });

  it('hashes k-word shingles into a sorted set without duplicates', () => {
    const set = shingleSet('one two three four five six one two three four five', [], 5);
    // 7 windows, of which "one two three four five" occurs twice.
    expect(set.length).toBe(6);
    for (let i = 1; i < set.length; i++) expect(set[i]!).toBeGreaterThan(set[i - 1]!);
    expect(shingleSet('just three words', [], 5).length).toBe(1);
    expect(shingleSet('  ', [], 5).length).toBe(0);
  });
});

describe('similarity', () => {
  it('scores identical pages 1', () => {
    const a = shingleSet(visibleText(templated(AUSTIN)), placeMasks(AUSTIN));
    expect(exactJaccard(a, a)).toBe(1);
    const sig = signatureOf(templated(AUSTIN), placeMasks(AUSTIN));
    expect(estimateJaccard(sig, signatureOf(templated(AUSTIN), placeMasks(AUSTIN)))).toBe(1);
  });

  it('scores pages that differ only by their place names 1', () => {
    const austin = visibleText(templated(AUSTIN));
    const roundRock = visibleText(templated(ROUND_ROCK));
    expect(austin).not.toBe(roundRock);
    const a = shingleSet(austin, placeMasks(AUSTIN));
    const b = shingleSet(roundRock, placeMasks(ROUND_ROCK));
    expect(exactJaccard(a, b)).toBe(1);
    expect(estimateJaccard(minHash(a), minHash(b))).toBe(1);
    // Unmasked, the same pair looks far less alike: masking is what catches the template.
    expect(exactJaccard(shingleSet(austin, []), shingleSet(roundRock, []))).toBeLessThan(0.6);
  });

  it('scores unrelated texts about 0', () => {
    const a = shingleSet(wordsFrom(1, 400).join(' '), []);
    const b = shingleSet(wordsFrom(2, 400).join(' '), []);
    expect(exactJaccard(a, b)).toBe(0);
    expect(estimateJaccard(minHash(a), minHash(b))).toBeLessThan(0.05);
  });

  it('estimates a known overlap within 0.1 of the exact Jaccard', () => {
    // Two texts of 600 words (596 shingles each) sharing one block of 300 words: 296 shared
    // shingles of 596 + 596 - 296, a Jaccard of 0.33.
    const shared = wordsFrom(3, 300);
    const a = [...wordsFrom(4, 150), ...shared, ...wordsFrom(5, 150)].join(' ');
    const b = [...wordsFrom(6, 150), ...shared, ...wordsFrom(7, 150)].join(' ');
    const sa = shingleSet(a, []);
    const sb = shingleSet(b, []);
    const exact = exactJaccard(sa, sb);
    expect(exact).toBeCloseTo(296 / 896, 6);
    expect(Math.abs(estimateJaccard(minHash(sa), minHash(sb)) - exact)).toBeLessThan(0.1);
    // More slots, a closer estimate on average; still within the bound.
    expect(Math.abs(estimateJaccard(minHash(sa, 512), minHash(sb, 512)) - exact)).toBeLessThan(0.1);
  });

  it('gives the empty page no similarity to anything', () => {
    const empty = new Uint32Array(0);
    const some = shingleSet('a few words of real text here', []);
    expect(exactJaccard(empty, empty)).toBe(0);
    expect(exactJaccard(empty, some)).toBe(0);
    expect(estimateJaccard(minHash(empty), minHash(empty))).toBe(0);
  });

  it('flags only what is above the shared threshold', () => {
    expect(isTooSimilar(SIMILARITY_THRESHOLD)).toBe(false);
    expect(isTooSimilar(SIMILARITY_THRESHOLD + 0.01)).toBe(true);
  });
});

describe('scoreSiblings', () => {
  const sig = (words: string[]) => minHash(shingleSet(words.join(' '), []));

  it('finds for each page its closest sibling', () => {
    const base = wordsFrom(10, 400);
    // b shares three quarters of a; c half of a; d nothing.
    const a = sig(base);
    const b = sig([...base.slice(0, 300), ...wordsFrom(11, 100)]);
    const c = sig([...base.slice(0, 200), ...wordsFrom(12, 200)]);
    const d = sig(wordsFrom(13, 400));
    const scores = scoreSiblings([
      { id: 'a', signature: a },
      { id: 'b', signature: b },
      { id: 'c', signature: c },
      { id: 'd', signature: d },
    ]);
    expect(scores.get('a')!.similarTo).toBe('b');
    expect(scores.get('b')!.similarTo).toBe('a');
    expect(scores.get('c')!.similarTo).toBe('a');
    expect(scores.get('a')!.similarity).toBe(estimateJaccard(a, b));
    expect(scores.get('c')!.similarity).toBe(estimateJaccard(c, a));
    expect(scores.get('a')!.similarity).toBeGreaterThan(0.5);
    expect(scores.get('d')!.similarity).toBeLessThan(0.05);
  });

  it('gives a lone page, and a page without text, 0 and no sibling', () => {
    const page = sig(wordsFrom(20, 50));
    expect(scoreSiblings([{ id: 'solo', signature: page }])).toEqual(
      new Map([['solo', { similarity: 0, similarTo: null }]]),
    );
    const blank = minHash(new Uint32Array(0));
    const scores = scoreSiblings([
      { id: 'blank', signature: blank },
      { id: 'other-blank', signature: blank },
      { id: 'page', signature: page },
    ]);
    expect(scores.get('blank')).toEqual({ similarity: 0, similarTo: null });
    expect(scores.get('page')).toEqual({ similarity: 0, similarTo: null });
    expect(scoreSiblings([]).size).toBe(0);
  });

  it('agrees with comparing every pair on full signatures', () => {
    // Pages built from a shared pool, so similarities vary and ties are rare.
    const pool = wordsFrom(30, 2000);
    const pages = Array.from({ length: 60 }, (_, i) => {
      const start = (i * 37) % 1500;
      return {
        id: `p${i}`,
        signature: sig([...pool.slice(start, start + 300), ...wordsFrom(100 + i, 100)]),
      };
    });
    const scores = scoreSiblings(pages);
    for (const page of pages) {
      let best = -1;
      let bestId: string | null = null;
      for (const other of pages) {
        if (other === page) continue;
        const s = estimateJaccard(page.signature, other.signature);
        if (s > best) {
          best = s;
          bestId = other.id;
        }
      }
      expect(scores.get(page.id)).toEqual({ similarity: best, similarTo: bestId });
    }
  });

  it('refuses signatures of different lengths', () => {
    expect(() =>
      scoreSiblings([
        { id: 'a', signature: new Uint32Array(128) },
        { id: 'b', signature: new Uint32Array(64) },
      ]),
    ).toThrow();
  });
});
