/**
 * A city page's first-hand proof: every fact the customer gave for the place woven into
 * sentences of the page's own, in an order and wording chosen by the place, and their
 * customers' quotes shown as quotations with who said them.
 */

import type { TSection } from '../../../pages/index.ts';
import { quotesOf } from '../../../locations/index.ts';
import { PROOF_HEADINGS, QUOTES_HEADINGS, factSentences } from '../phrases/city-proof.ts';
import { placeFact } from './fact-kinds.ts';
import type { CityPage } from './page.ts';

/** A paragraph of short facts ends here; a long one stands alone (its value ≤ 2,000 characters). */
const PARAGRAPH_CHARS = 600;
const PARAGRAPH_SENTENCES = 3;

/** The facts that are not quotes or a quote's author, in the page's own order. */
function statedFacts(p: CityPage) {
  const quoted = new Set(quotesOf(p.firsthand).flatMap((q) => [q.fact, q.byFact]));
  const facts = p.firsthand.filter((f) => !quoted.has(f));
  return p.choose.some('proof-order', facts, facts.length);
}

export function proofSection(p: CityPage): TSection | null {
  const facts = statedFacts(p);
  if (!facts.length) return null;
  const paragraphs: string[] = [];
  let current: string[] = [];
  const close = () => {
    if (current.length) paragraphs.push(current.join(' '));
    current = [];
  };
  facts.forEach((fact, i) => {
    const sentence = p.choose.one(`proof-${i}`, factSentences(p, placeFact(fact)));
    const length = current.reduce((n, s) => n + s.length + 1, 0);
    if (length + sentence.length > PARAGRAPH_CHARS || current.length >= PARAGRAPH_SENTENCES)
      close();
    current.push(sentence);
  });
  close();
  return { type: 'text', heading: p.choose.one('proof-h', PROOF_HEADINGS(p)), paragraphs };
}

export function quotesSection(p: CityPage): TSection | null {
  const quotes = quotesOf(p.firsthand);
  if (!quotes.length) return null;
  return {
    type: 'quotes',
    heading: p.choose.one('quotes-h', QUOTES_HEADINGS(p)),
    items: quotes.map((q) => (q.by ? { quote: q.text, by: q.by } : { quote: q.text })),
  };
}
