/**
 * The site pages' own variable slots: the homepage's opener and hero, a service page's
 * wording (`service` is its name as a heading, `low` the same mid-sentence), a topic page's
 * hero and intro heading, the description of a service the owner listed without one, and the
 * buttons. Each list is one slot; the page picks one entry by its seed.
 *
 * Safe edits: adding a variant to a list, rewording a variant. Keep every variant a promise
 * about how the business works, never an invented fact. Guarded by
 * apps/server/test/offline-writer.test.ts.
 */

import type { Voice } from '../voice.ts';

export const HOME_OPENERS = ({ name, trade }: Voice) => [
  `${name} is a local ${trade} company built on straightforward advice and careful work.`,
  `At ${name}, ${trade} work is what we do every day, and we take pride in doing it properly.`,
  `${name} helps local homeowners and businesses with ${trade} work done carefully and explained clearly.`,
];

export const HOME_HEROES = ({ tradeTitle }: Voice) => [
  `${tradeTitle} Services You Can Count On`,
  `Local ${tradeTitle} Services, Done Right`,
  `Reliable ${tradeTitle} for Homes and Businesses`,
];

export const SERVICE_APPROACHES = (low: string) => [
  `Every ${low} job starts with a proper look at the problem. We explain what we found and what we recommend, and agree the price with you before we begin.`,
  `We start by understanding what you need from your ${low}, then talk you through the options, with prices, so you can choose what suits you.`,
  `Before any ${low} work begins, you know what we will do, how long it should take and what it will cost. No pressure and no surprises.`,
];

export const SERVICE_INCLUDED = (low: string) => [
  `Every ${low} visit includes a clear explanation of the work, protection for the area we work in and a final check with you before we leave.`,
  `You can expect punctual arrival, a tidy work area and a walkthrough of the finished ${low} job, so you know exactly what was done.`,
  `We bring what the job needs, keep you informed while we work and clean up afterwards; the ${low} is not finished until you are happy with it.`,
];

export const SERVICE_TITLES = ({ name }: Voice, service: string) => [
  `${service} | ${name}`,
  `${service} by ${name}`,
  `Professional ${service} | ${name}`,
];

export const SERVICE_HEROES = ({ name }: Voice, service: string) => [
  `${service} Done Right`,
  `Professional ${service}`,
  `${service} You Can Rely On`,
  `${service} from ${name}`,
];

export const SERVICE_INTRO_HEADINGS = ({ name }: Voice, service: string) => [
  `What Our ${service} Service Includes`,
  `${service} from ${name}`,
  `About ${service}`,
];

export const SERVICE_BENEFITS_HEADINGS = ({ name }: Voice, service: string) => [
  `Why Choose Us for ${service}`,
  `The ${name} Difference`,
  'What You Can Expect',
];

export const SERVICE_PROCESS_HEADINGS = (service: string) => [
  `How Our ${service} Service Works`,
  'What to Expect, Step by Step',
  `Booking ${service}`,
];

export const SERVICE_FAQ_HEADINGS = (service: string) => [
  `${service} FAQs`,
  `Common Questions About ${service}`,
];

export const SERVICE_CTA_HEADINGS = (service: string) => [
  `Book ${service} Today`,
  `Ready for ${service}?`,
  `Talk to Us About ${service}`,
];

export const TOPIC_HEROES = ({ name }: Voice, topic: string) => [topic, `${topic} at ${name}`];

export const TOPIC_INTRO_HEADINGS = (topic: string) => [
  `${topic}: The Essentials`,
  `${topic} at a Glance`,
  `About ${topic}`,
];

/** For a service the owner listed without a description; `title` as listed, `low` mid-sentence. */
export const SERVICE_DESCRIPTIONS = (title: string, low: string, name: string) => [
  `${name} provides ${low} with a clear quote up front and careful, tidy work from start to finish.`,
  `Professional ${low} for homes and businesses, explained in plain language and done right the first time.`,
  `${title} from a team that turns up when agreed, explains the options and cleans up afterwards.`,
  `${title} handled with care, with honest advice on what needs doing now and what can wait.`,
];

export const HERO_BUTTONS_PHONE = ['Call Now', 'Call for a Quote', 'Book by Phone'];
export const CTA_BUTTONS_PHONE = ['Call Now', 'Call for a Quote', 'Call Us Today'];
