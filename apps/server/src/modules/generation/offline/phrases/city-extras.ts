/**
 * City pages: the optional extra section some pages get (preparing for a visit, homes
 * and businesses, choosing a company), so siblings differ in shape as well as in words.
 *
 * Safe edits: adding a variant to a list, rewording a variant. More variants keep sibling
 * pages further apart. Removing variants, or adding one that says the same long thing on
 * every page (no city, service or trade in it), pushes them together; keep every variant free
 * of invented local facts (addresses, landmarks, prices, years, reviews). Guarded by
 * apps/server/test/offline-city-writer.test.ts: a realistic set of cities keeps its pairwise
 * similarity under SIMILARITY_THRESHOLD, and each list keeps a minimum number of variants.
 */

import { type CityPage } from '../city/page.ts';

export const PREPARE_HEADINGS = ({ city }: CityPage) => [
  'Before We Arrive',
  `Getting Ready for Your ${city} Appointment`,
];

export const PREPARE_FIRST = ({ trade }: CityPage) => [
  'There is not much to do before a visit. Clear a path to the work area, put pets somewhere calm and tell us about parking or access if it is tricky.',
  'A little preparation helps: clear access to the problem, pets out of the way and a note of anything we should be careful of.',
  `Getting ready for a ${trade} visit takes minutes: make the work area reachable and tell us about anything fragile nearby.`,
];

export const PREPARE_SECOND: readonly string[] = [
  'If you can, note when the problem started and anything you have already tried. It helps us find the cause faster.',
  'Photos sent ahead of time often let us bring the right parts on the first visit.',
  'If the problem comes and goes, note when it happens; it helps us find the cause.',
];

export const HOMES_HEADINGS = ({ city, tradeTitle }: CityPage) => [
  `Homes and Businesses in ${city}`,
  `Residential and Commercial ${tradeTitle}`,
];

export const HOMES_TEXTS = ({ city, name, trade }: CityPage) => [
  `At home, we fit around your day and keep the mess to a minimum. For businesses in ${city}, we plan ${trade} work to keep disruption low.`,
  `${name} works for homeowners, landlords and businesses in ${city}. Each job is planned around the property and the people using it.`,
  `Whether it is a family home, a rental or a shop in ${city}, we agree access, timing and the price before we start.`,
];

export const CHOOSING_HEADINGS = ({ city, tradeTitle }: CityPage) => [
  `Choosing a ${tradeTitle} Company in ${city}`,
  'What to Ask Before You Book',
];

export const CHOOSING_TEXTS = ({ city, name, trade }: CityPage) => [
  `Whoever you call, ask for a clear price before work starts, an explanation of what the job involves and what happens if something is not right afterwards. We are happy to answer all three.`,
  `A good ${trade} company explains the options, agrees the price first and cleans up afterwards. That is the standard we hold ourselves to in ${city}.`,
  `Before booking anyone for ${trade} work, check that you will get a clear quote, an explanation in plain words and a tidy finish. You get all three from ${name}.`,
];
