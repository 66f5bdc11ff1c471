/**
 * City pages: the opening section (heading, opener, services, approach, next step,
 * and a line for each topic the owner asked every page to mention).
 *
 * Safe edits: adding a variant to a list, rewording a variant. More variants keep sibling
 * pages further apart. Removing variants, or adding one that says the same long thing on
 * every page (no city, service or trade in it), pushes them together; keep every variant free
 * of invented local facts (addresses, landmarks, prices, years, reviews). Guarded by
 * apps/server/test/offline-city-writer.test.ts: a realistic set of cities keeps its pairwise
 * similarity under SIMILARITY_THRESHOLD, and each list keeps a minimum number of variants.
 */

import { type CityPage, serviceList } from '../city/page.ts';
import { cap } from '../text.ts';
import { reach } from '../voice.ts';

export const INTRO_HEADINGS = ({ city, name, stateCode, tradeTitle }: CityPage) => [
  `About Our ${city} ${tradeTitle} Service`,
  `${name} in ${city}`,
  `${tradeTitle} Help for ${city} Homes and Businesses`,
  `Why Call ${name} in ${city}`,
  `Your Local ${tradeTitle} Option in ${city}`,
  `${tradeTitle} in ${city}, ${stateCode}`,
  `Getting ${tradeTitle} Done Right in ${city}`,
];

export const INTRO_OPENERS = ({ city, name, state, stateCode, trade }: CityPage) => [
  `${name} provides ${trade} for homes and businesses in ${city}, ${state}, with clear quotes and careful work.`,
  `If you need ${trade} in ${city}, ${name} is ready to help, from the first question to the final check.`,
  `Homeowners and businesses in ${city} can count on ${name} for ${trade} that is explained clearly and priced before work begins.`,
  `${name} brings straightforward ${trade} to ${city}: we listen first, explain the options and agree the price up front.`,
  `When something needs fixing at a property in ${city}, ${name} is ready to help with ${trade} done properly.`,
  `${city} residents looking for dependable ${trade} can turn to ${name} for honest advice and tidy work.`,
  `Our ${trade} team takes on jobs throughout ${city}, ${stateCode}, for homeowners, landlords and local businesses.`,
  `Good ${trade} in ${city} starts with a proper look at the problem, and that is how ${name} starts every job.`,
];

export const INTRO_SERVICES = (p: CityPage) => [
  `In ${p.city} we can help with ${serviceList(p, 'intro-s', 3)}, among other jobs.`,
  `Our work in ${p.city} covers ${serviceList(p, 'intro-s', 3)} and more.`,
  `Whether it is ${serviceList(p, 'intro-s', 2).replace(' and ', ' or ')}, the same team and the same standards apply in ${p.city}.`,
  `The services we offer in ${p.city} include ${serviceList(p, 'intro-s', 3)}.`,
  `${cap(serviceList(p, 'intro-s', 3))}: all of it is available to customers in ${p.city}.`,
  `Ask us about ${serviceList(p, 'intro-s', 3)} for your ${p.city} property.`,
];

export const INTRO_APPROACHES = ({ city, trade }: CityPage) => [
  'Every job starts with a proper look at the problem. We explain what we found in plain language and agree the price with you before any work begins.',
  'We would rather tell you a repair can wait than sell you work you do not need, and we say so before we pick up a tool.',
  'You get a clear quote before we start, updates while we work and a walkthrough of the result at the end.',
  'Our approach is simple: turn up when agreed, find the real cause, fix it properly and leave the place tidy.',
  'Nothing starts until you understand the options and have agreed the price, so there are no surprises on the invoice.',
  `We treat each property in ${city} as if it were our own: work areas protected, tools tidied away and the job checked before we leave.`,
  `Careful ${trade} work comes down to a proper diagnosis, the right parts and a clean finish you can check with us.`,
];

export const INTRO_NEXT_STEPS = (p: CityPage) => [
  `${cap(reach(p))} and tell us what is going on; we will take it from there.`,
  `To get started, ${reach(p)} with a short description of the job.`,
  `When you are ready, ${reach(p)} and we will explain the next step.`,
  `Questions first? ${cap(reach(p))} and ask; there is no obligation.`,
  `${cap(reach(p))} with your address in ${p.city} and a few words about the job.`,
];

export const INTRO_TOPIC_ASKS = ({ city, name }: CityPage, topic: string) => [
  `Ask us about ${topic}.`,
  `${cap(topic)}: just ask when you get in touch.`,
  `Be sure to ask about ${topic}.`,
  `${cap(topic)} is part of what you can ask ${name} for in ${city}.`,
];
