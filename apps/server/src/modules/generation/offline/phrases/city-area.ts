/**
 * City pages: the service-area section (ZIP codes, county, other counties, nearby
 * cities, what to do when an address is not listed). "{list}" is replaced by the nearby cities.
 *
 * Safe edits: adding a variant to a list, rewording a variant. More variants keep sibling
 * pages further apart. Removing variants, or adding one that says the same long thing on
 * every page (no city, service or trade in it), pushes them together; keep every variant free
 * of invented local facts (addresses, landmarks, prices, years, reviews). Guarded by
 * apps/server/test/offline-city-writer.test.ts: a realistic set of cities keeps its pairwise
 * similarity under SIMILARITY_THRESHOLD, and each list keeps a minimum number of variants.
 */

import { type CityPage } from '../city/page.ts';
import { cap, listOf } from '../text.ts';
import { reach } from '../voice.ts';

export const AREA_HEADINGS = ({ city, county, stateCode, tradeTitle, zips }: CityPage) => [
  `Areas We Serve Around ${city}`,
  `Serving ${city} and Nearby Cities`,
  county && `Where We Work in ${county}`,
  zips.length > 0 && `${city} ZIP Codes We Cover`,
  `Our ${city} Service Area`,
  county && `${tradeTitle} Across ${county}, ${stateCode}`,
  `Covering ${city} and Beyond`,
];

export const AREA_ZIP_SENTENCES = ({ city, trade }: CityPage, zp: string) => [
  `Our ${trade} service in ${city} covers ${zp}.`,
  `We take ${trade} jobs across ${city}, including ${zp}.`,
  `If your property is in ${zp}, you are inside our ${city} service area.`,
  `${city} addresses in ${zp} are within reach of our team.`,
  `Customers with ${zp} addresses in ${city} can book ${trade} with us directly.`,
  `For ${city}, that means ${zp}.`,
];

export const AREA_NO_ZIP_SENTENCES = ({ city }: CityPage) => [
  `We work across ${city}; share your address when you get in touch and we will confirm the visit.`,
  `Tell us your address in ${city} and we will confirm when we can get to you.`,
];

export const AREA_NO_COUNTY = ({ city, name, state }: CityPage) => [
  `${city} is one of the places in ${state} where ${name} takes bookings.`,
  `Our ${state} customers in ${city} get the same team and the same standards as everywhere we work.`,
];

export const AREA_COUNTY_OF_MANY = ({ city, county, countyCities, name, state }: CityPage) => [
  `We serve ${countyCities} cities in ${county}, and ${city} is one of them.`,
  `${city} is one of ${countyCities} places in ${county} where ${name} takes bookings.`,
  `Across ${county} we work in ${countyCities} cities, ${city} included.`,
  `${name} covers ${countyCities} cities in ${county}, ${state}; ${city} is among them.`,
  `${city} is in ${county}, where we serve ${countyCities} cities in all.`,
];

export const AREA_COUNTY_OF_ONE = ({ city, county, state }: CityPage) => [
  `${city} is in ${county}, ${state}.`,
  `${city} belongs to ${county} in ${state}.`,
  `Our ${city} customers are in ${county}, ${state}.`,
];

export const AREA_OTHER_COUNTIES = ({ city, otherCounties }: CityPage) => [
  `Parts of ${city} also lie in ${listOf(otherCounties)}, and we cover those streets too.`,
  `${city} reaches into ${listOf(otherCounties)} as well; we work on both sides of the county line.`,
];

export const AREA_NEARBY = ({ city, trade }: CityPage) => [
  'Nearby, we also serve {list}.',
  `The same team covers cities close to ${city}: {list}.`,
  `Beyond ${city}, our ${trade} work reaches {list}.`,
  `Other cities we serve near ${city} include {list}.`,
  `Close to ${city}? We also take jobs in {list}.`,
  'Neighboring cities on our list include {list}.',
];

export const AREA_OUTSIDE = (p: CityPage) => [
  `Not sure whether your address is covered? ${cap(reach(p))} and we will confirm it straight away.`,
  `If your street is not on a list here, ask: ${reach(p)} and we will tell you honestly whether we can get to you.`,
  'Just outside these areas? Get in touch anyway and we will tell you whether we can help.',
  `Wherever you are in ${p.city}, one ${p.phone ? 'call' : 'message'} is enough to check whether we can get to you.`,
  `Give us your ZIP code when you ${reach(p)} and we will confirm the visit.`,
];
