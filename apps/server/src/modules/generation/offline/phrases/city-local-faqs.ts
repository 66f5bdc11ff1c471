/**
 * City pages: the FAQ heading and the questions about the place (ZIP codes, nearby
 * cities, county, booking). "{list}" is replaced by the nearby cities.
 *
 * Safe edits: adding a variant to a list, rewording a variant. More variants keep sibling
 * pages further apart. Removing variants, or adding one that says the same long thing on
 * every page (no city, service or trade in it), pushes them together; keep every variant free
 * of invented local facts (addresses, landmarks, prices, years, reviews). Guarded by
 * apps/server/test/offline-city-writer.test.ts: a realistic set of cities keeps its pairwise
 * similarity under SIMILARITY_THRESHOLD, and each list keeps a minimum number of variants.
 */

import { type CityPage, zipPhrase } from '../city/page.ts';
import { sentence } from '../text.ts';
import { reach } from '../voice.ts';

export const ZIP_FAQ_ALSO = ({ city }: CityPage, others: string[]) => [
  ` We also cover ${others.length === 1 ? `ZIP ${others[0]}` : zipPhrase(others)} in ${city}.`,
  ` The rest of ${city} is covered too: ${zipPhrase(others)}.`,
];

export const ZIP_FAQ_QUESTIONS = (_page: CityPage, zip: string) => [
  `Do you serve ZIP ${zip}?`,
  `Is ZIP code ${zip} in your service area?`,
  `Can you come out to ${zip}?`,
];

export const ZIP_FAQ_ANSWERS = ({ city, stateCode, zips }: CityPage, zip: string) => [
  `Yes. ${zip} is part of our ${city} service area.`,
  zips.length > 1
    ? `Yes, ${zip} is one of the ${city} ZIP codes we cover.`
    : `Yes, ${zip} is the ${city} ZIP code, and we cover it.`,
  `Yes. Addresses in ${zip} are within our ${city}, ${stateCode} service area.`,
];

export const NEARBY_FAQ_QUESTIONS = ({ city }: CityPage) => [
  'Which nearby cities do you also cover?',
  `Do you work outside ${city}?`,
  `What other cities near ${city} do you serve?`,
];

export const NEARBY_FAQ_ANSWERS = ({ city }: CityPage) => [
  'Close by, we also serve {list}.',
  `Besides ${city}, our list includes {list}.`,
  'The nearest cities we serve are {list}.',
];

export const NEARBY_FAQ_CLOSINGS = (p: CityPage) => [
  `If your city is not listed, ${reach(p)} and ask.`,
  'Not listed? Ask us anyway.',
  'If you are somewhere in between, we will tell you honestly whether we can reach you.',
];

export const COUNTY_FAQ_QUESTIONS = ({ county }: CityPage) => [
  `Do you cover all of ${county}?`,
  `Which parts of ${county} do you serve?`,
  `Do you work elsewhere in ${county}?`,
];

export const COUNTY_FAQ_ANSWERS_OF_MANY = ({ city, county, countyCities, state }: CityPage) => [
  `We serve ${countyCities} cities in ${county}, ${state}, and ${city} is one of them.`,
  `${city} is one of ${countyCities} ${county} cities on our list.`,
  `Our list has ${countyCities} cities in ${county}, ${city} among them.`,
];

export const COUNTY_FAQ_ELSEWHERE = (p: CityPage) => [
  `If your address is elsewhere in the county, ${reach(p)} and we will confirm.`,
  'For anywhere else in the county, ask and we will tell you straight away.',
  'Somewhere else in the county? Ask us; the answer is quick.',
];

export const COUNTY_FAQ_ANSWERS_OF_ONE = (p: CityPage) => [
  `In ${p.county}, ${p.city} is the city we serve. If your address is elsewhere in the county, ${reach(p)} and we will tell you whether we can help.`,
  `Our ${p.county} work centers on ${p.city}. Ask about other addresses in the county and we will give you an honest answer.`,
];

export const BOOKING_FAQ_QUESTIONS = ({ city, stateCode, trade }: CityPage) => [
  `How do I book ${trade} in ${city}?`,
  `How do I get a quote in ${city}, ${stateCode}?`,
  `What is the first step for a job in ${city}?`,
];

export const BOOKING_FAQ_FIRST_STEPS = (p: CityPage) => [
  sentence(reach(p)),
  p.phone
    ? `Start with a call to ${p.phone}.`
    : `Start by getting in touch${p.email ? ` at ${p.email}` : ''}.`,
  `The quickest way is to ${reach(p)}.`,
];

export const BOOKING_FAQ_DETAILS = ({ city }: CityPage) => [
  `Tell us your address in ${city}, what is going on and when suits you, and we will arrange a visit or a quote.`,
  'Your address, a short description and any photos are all we need.',
  `Give us your ${city} address and a few words about the job; we will suggest a time.`,
];

export const FAQ_HEADINGS = ({ city, county, tradeTitle }: CityPage) => [
  `${tradeTitle} FAQs for ${city}`,
  `Questions About Our Service in ${city}`,
  `Common Questions in ${city}`,
  'Frequently Asked Questions',
  county && `Serving ${city} and ${county}: Your Questions`,
  `${city} ${tradeTitle}: Questions and Answers`,
];
