/**
 * City pages: the facts the customer gave about the place, each in a sentence of its own (not
 * a table, not "Jobs completed: 142"), by the kind of value it holds (fact-kinds.ts), and the
 * headings of the section that holds them and of the customers' quotes.
 *
 * Safe edits: adding a variant to a list, rewording a variant. Every variant must carry the
 * value exactly as given (`v`), or for yes and no the fact's name (`l`), since a page is
 * checked for each fact's words (locations/fact-text.ts); a variant must read for any header,
 * not only "Jobs completed". Guarded by apps/server/test/offline-city-writer.test.ts and
 * generation.facts.test.ts.
 */

import type { CityPage } from '../city/page.ts';
import type { FactKind, PlaceFact } from '../city/fact-kinds.ts';
import { cap } from '../text.ts';
import { reach } from '../voice.ts';

type Frames = (p: CityPage, f: PlaceFact) => string[];

const YES: Frames = ({ city, name }, { label: l }) => [
  `In ${city}, we can say yes to ${l}.`,
  `If you are asking about ${l} in ${city}, the answer is yes.`,
  `Ask ${name} about ${l} in ${city} and you will hear a yes.`,
  `For customers in ${city}, the answer on ${l} is yes.`,
];

const NO: Frames = (p, { label: l }) => [
  `In ${p.city}, the answer on ${l} is no, and we would rather say so here than on the phone.`,
  `If you are asking about ${l} in ${p.city}, the honest answer is no; ${reach(p)} and we will tell you what we can do instead.`,
  `We have to say no to ${l} in ${p.city}, so ask us what we can offer instead.`,
];

const COUNT: Frames = ({ city, name }, { label: l, value: v }) => [
  `In ${city}, the figure for ${l} is ${v}.`,
  `Our ${city} record shows ${v} for ${l}.`,
  `When people in ${city} ask about ${l}, the number ${name} gives is ${v}.`,
  `${cap(l)} in ${city} comes to ${v}, by our own count.`,
];

const NUMBER: Frames = ({ city }, { label: l, value: v }) => [
  `In ${city}, our ${l} stands at ${v}.`,
  `For ${l}, our figure in ${city} is ${v}.`,
  `The ${l} we report for ${city} is ${v}.`,
  `Our ${l} in ${city} comes to ${v}.`,
];

const PRICE: Frames = ({ city }, { label: l, value: v }) => [
  `Our ${l} in ${city} is ${v}.`,
  `In ${city}, our ${l} is ${v}.`,
  `For work in ${city}, the ${l} we give is ${v}.`,
  `Customers in ${city} can plan on a ${l} of ${v}.`,
];

const YEAR: Frames = ({ city }, { label: l, value: v }) => [
  `In ${city}, the year for ${l} is ${v}.`,
  `${v} is the year we give for ${l} in ${city}.`,
  `Our ${city} records put ${l} at ${v}.`,
];

const NAME: Frames = ({ city }, { label: l, value: v }) => [
  `In ${city}, your ${l} is ${v}.`,
  `${v} is our ${l} for ${city}.`,
  `For ${city}, the ${l} is ${v}.`,
  `Customers in ${city} deal with ${v}, our ${l} there.`,
];

const SHORT: Frames = ({ city }, { label: l, value: v }) => [
  `In ${city}, our ${l} is ${v}.`,
  `For customers in ${city}, our ${l} is ${v}.`,
  `As for our ${l} in ${city}, it is ${v}.`,
  `Ask about our ${l} in ${city} and the answer is ${v}.`,
];

// Prose is the customer's own: a sentence leads into it and it follows as written.
const LONG: Frames = ({ city }, { label: l, value: v }) => [
  `About ${l} in ${city}: ${v}`,
  `Here is what we can tell you about ${l} in ${city}. ${v}`,
  `A word on ${l} for customers in ${city}. ${v}`,
  `On ${l} in ${city}, in our own words: ${v}`,
];

// A header that asks ("Do you pull permits?") is asked, then answered.
const QUESTION: Frames = ({ city }, { question: q, kind, value: v }) => {
  const answer = kind === 'yes' ? 'yes' : kind === 'no' ? 'no' : v;
  return [
    `${q} In ${city}, the answer is ${answer}.`,
    `${q} For customers in ${city}, ${answer}.`,
    `${q} Here in ${city}: ${answer}.`,
  ];
};

const BY_KIND: Record<FactKind, Frames> = {
  yes: YES,
  no: NO,
  count: COUNT,
  number: NUMBER,
  price: PRICE,
  year: YEAR,
  name: NAME,
  short: SHORT,
  long: LONG,
};

/** The sentences that could state this fact on this page. */
export function factSentences(p: CityPage, f: PlaceFact): string[] {
  if (f.question && f.kind !== 'long') return QUESTION(p, f);
  return BY_KIND[f.kind](p, f);
}

export const PROOF_HEADINGS = ({ city, name, tradeTitle }: CityPage) => [
  `Our Work in ${city}`,
  `${name} in ${city}: What We Can Tell You`,
  `What ${city} Customers Should Know`,
  `Our ${city} Track Record`,
  `${tradeTitle} in ${city}, First Hand`,
  `From Our ${city} Jobs`,
];

export const QUOTES_HEADINGS = ({ city, name }: CityPage) => [
  `What ${city} Customers Say`,
  `In Their Words: ${city}`,
  `From Our Customers in ${city}`,
  `${city} Customers on ${name}`,
  `Heard in ${city}`,
];
