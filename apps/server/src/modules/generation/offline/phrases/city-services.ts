/**
 * City pages: the services section (heading, intro, and the phrasings its cards are
 * worded with).
 *
 * Safe edits: adding a variant to a list, rewording a variant. More variants keep sibling
 * pages further apart. Removing variants, or adding one that says the same long thing on
 * every page (no city, service or trade in it), pushes them together; keep every variant free
 * of invented local facts (addresses, landmarks, prices, years, reviews). Guarded by
 * apps/server/test/offline-city-writer.test.ts: a realistic set of cities keeps its pairwise
 * similarity under SIMILARITY_THRESHOLD, and each list keeps a minimum number of variants.
 */

import { type CityPage } from '../city/page.ts';
import { cap } from '../text.ts';
import { reach } from '../voice.ts';

export const SERVICES_HEADINGS = ({ city, stateCode, tradeTitle }: CityPage) => [
  `${tradeTitle} Services in ${city}`,
  `What We Do in ${city}`,
  `Our Services for ${city}, ${stateCode}`,
  `${city} ${tradeTitle} Services`,
  `How We Can Help in ${city}`,
  `Services Available in ${city}`,
];

export const SERVICES_INTROS = (p: CityPage, first: string, last: string) => [
  `From ${first} to ${last}, these are the ${p.trade} services we offer in ${p.city}.`,
  `Every service below is available at homes and businesses in ${p.city}.`,
  `Pick a service, or ${reach(p)} and tell us what is happening; we will point you to the right one.`,
  `Here is what ${p.name} can do for you in ${p.city}, ${p.stateCode}.`,
  'Not sure which of these you need? Describe the problem and we will help you work it out.',
  `Each of these comes with a clear quote for your ${p.city} property before any work starts.`,
];

/** How one service card is worded: from its name mid-sentence and its own description. */
export type ServicePhrasing = (service: string, description: string) => string;

/**
 * A page deals these out across its service cards in a page-dependent order, so no two cards
 * of a page read alike; keep more phrasings than a page has services (at most 12).
 */
export const SERVICE_PHRASINGS = ({ city, nearby }: CityPage): readonly ServicePhrasing[] => {
  const near = nearby[0]?.name;
  return [
    (_, d) => `${d} Available throughout ${city}.`,
    (low) => `${cap(low)} for ${city} homes and businesses, quoted clearly before we start.`,
    (low) =>
      `${cap(low)} in ${city}: we explain the options and agree the price before any work begins.`,
    (low, d) => `Need ${low} in ${city}? ${d}`,
    (low) => `Our team handles ${low} across ${city}, with tidy work and straight answers.`,
    (_, d) => d,
    (low) => `Book ${low} anywhere in ${city} and we will explain what the job involves first.`,
    (low) =>
      `${cap(low)} done carefully at ${city} properties, with the work area cleaned up afterwards.`,
    (low) =>
      near
        ? `${cap(low)} in ${city} and nearby ${near}, from people who explain what they are doing.`
        : `${cap(low)} from people who explain what they are doing, anywhere in ${city}.`,
    (low) =>
      `Ask about ${low} for your ${city} property: the options, the price and what the job involves.`,
    (low) => `${cap(low)} handled properly in ${city}, from the first look to the final check.`,
    (low) =>
      `We take on ${low} at homes and businesses across ${city}, with the price agreed up front.`,
    (low) =>
      `When ${city} customers need ${low}, we start by finding out exactly what the job requires.`,
  ];
};
