/**
 * City pages: the closing call to action (heading, text and button).
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

export const CTA_HEADINGS = ({ city, name, stateCode, tradeTitle }: CityPage) => [
  `Ready for ${tradeTitle} in ${city}?`,
  `Talk to ${name} Today`,
  `Get Your ${city} Quote`,
  `Need ${tradeTitle} in ${city}, ${stateCode}?`,
  "Let's Get Started",
  `Book ${tradeTitle} in ${city}`,
];

export const CTA_TEXTS = (p: CityPage) => [
  `${p.phone ? `Call ${p.phone} to talk to` : 'Get in touch with'} ${p.name} about ${p.trade} in ${p.city}. We will listen, answer your questions and give you a clear quote.`,
  `${cap(reach(p))} and tell us about your ${p.trade} job in ${p.city}. You will get straight answers and a price before any work begins.`,
  `Whatever your ${p.trade} job in ${p.city}, the first step is a ${p.phone ? `call to ${p.phone}` : 'quick message'}. No pressure, just clear advice.`,
  `${p.name} is ready to help in ${p.city}. ${cap(reach(p))} for a clear quote and an arrival time that suits you.`,
  `Have a ${p.trade} problem in ${p.city}? ${cap(reach(p))}, tell us what is happening and we will explain your options.`,
  `Talk to a ${p.trade} team that explains before it starts. ${cap(reach(p))} about your ${p.city} job.`,
  `One ${p.phone ? 'call' : 'message'} is all it takes to get a clear price for your ${p.city} ${p.trade} job. ${cap(reach(p))}.`,
];

export const CTA_BUTTONS_PHONE: readonly string[] = [
  'Call Now',
  'Call for a Quote',
  'Call Us Today',
  'Talk to Us',
];

export const CTA_BUTTONS_NO_PHONE: readonly string[] = [
  'Contact Us',
  'Get a Quote',
  'Get in Touch',
];
