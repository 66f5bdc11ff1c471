/**
 * City pages: the hero (heading, subheading, button) and the meta title and description.
 * Each list is one slot; the page picks one entry (the meta title tries them all in a
 * page-dependent order for the first of 50-60 characters).
 *
 * Safe edits: adding a variant to a list, rewording a variant. Keep every variant free of
 * invented local facts. Guarded by apps/server/test/offline-city-writer.test.ts: sibling pages
 * stay under SIMILARITY_THRESHOLD and every list keeps enough variants.
 */

import { serviceList, type CityPage } from '../city/page.ts';
import { cap } from '../text.ts';
import { reach } from '../voice.ts';

export const HERO_HEADINGS = ({ city, state, stateCode, tradeTitle }: CityPage) => [
  `${tradeTitle} Services in ${city}, ${state}`,
  `${city}, ${stateCode} ${tradeTitle} You Can Count On`,
  `Local ${tradeTitle} for ${city}, ${state}`,
  `${tradeTitle} in ${city}, ${stateCode}, Done Properly`,
  `Your ${tradeTitle} Team in ${city}, ${stateCode}`,
  `Reliable ${tradeTitle} Across ${city}, ${state}`,
  `${city}, ${state}: ${tradeTitle} with Straight Answers`,
];

/** Where the business works, as the subheading names it. */
export const HERO_WHERE = ({ city, county }: CityPage) => [
  `${city} and ${county}`,
  `${city} and across ${county}`,
];

export const HERO_SUBHEADINGS = (p: CityPage, where: string) => [
  `${p.name} helps with ${serviceList(p, 'hero-s', 3)} in ${where}. ${cap(reach(p))} for a clear quote.`,
  `Clear quotes and careful ${p.trade} work for homes and businesses in ${p.city}. ${cap(reach(p))} to talk it through.`,
  `${cap(serviceList(p, 'hero-s', 2))} and more for ${where}, explained plainly and priced before we start.`,
  `Need ${p.trade} in ${p.city}, ${p.stateCode}? ${p.name} listens first, agrees the price up front and leaves the place tidy.`,
  `From ${serviceList(p, 'hero-s', 2)} to the jobs in between, ${p.name} serves ${where}. ${cap(reach(p))} today.`,
];

export const HERO_BUTTONS_PHONE = [
  'Call Now',
  'Call for a Quote',
  'Book by Phone',
  'Call Us Today',
];
export const HERO_BUTTONS_NO_PHONE = [
  'Request a Quote',
  'Get in Touch',
  'Contact Us',
  'Ask for a Quote',
];

export const META_TITLES = ({ city, stateCode, tradeTitle, name }: CityPage) => [
  `${tradeTitle} Services in ${city}, ${stateCode} | ${name}`,
  `${city}, ${stateCode} ${tradeTitle} Services | ${name}`,
  `Local ${tradeTitle} in ${city}, ${stateCode} | ${name}`,
  `${tradeTitle} in ${city}, ${stateCode} | ${name}`,
  `${tradeTitle} in ${city}, ${stateCode}: Clear Quotes | ${name}`,
  `Careful ${tradeTitle} Services in ${city}, ${stateCode}`,
  `${city}, ${stateCode} ${tradeTitle}: Clear Quotes, Careful Work`,
  `${tradeTitle} Services for ${city}, ${stateCode} Homes and Businesses`,
  `${tradeTitle} in ${city}, ${stateCode}`,
];

export const META_OPENERS = ({ city, stateCode, trade, name }: CityPage) => [
  `Need ${trade} in ${city}, ${stateCode}? ${name} offers clear quotes and careful work.`,
  `${name} provides ${trade} in ${city}, ${stateCode}, with the price agreed before work starts.`,
  `Local ${trade} for ${city}, ${stateCode} homes and businesses from ${name}.`,
  `${city}, ${stateCode} ${trade} from ${name}: straight answers and tidy, careful work.`,
];

/** Short phrases added after the opener until the description is long enough; falsy ones are dropped. */
export const META_EXTRAS = (p: CityPage) => [
  `Services include ${serviceList(p, 'desc-s', 2)}.`,
  p.county && `Serving ${p.city} and ${p.county}.`,
  p.zips.length === 1 && `ZIP ${p.zips[0]} covered.`,
  p.nearby[0] && `Also serving ${p.nearby[0].name}.`,
  `${cap(reach(p))} today.`,
  'Honest advice and no surprises.',
  'Work checked with you before we leave.',
];

/** Short enough to close any gap the extras leave. */
export const META_FILLERS = ({ city }: CityPage) => [
  'Clear quotes.',
  `Serving ${city}.`,
  'Tidy work.',
  'Ask us.',
];
