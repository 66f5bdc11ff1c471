/**
 * City pages: the four steps of "How It Works", each with its own titles and texts.
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

export const PROCESS_HEADINGS = ({ city, tradeTitle }: CityPage) => [
  'How It Works',
  `How We Work in ${city}`,
  'What to Expect, Step by Step',
  `Booking ${tradeTitle} in ${city}`,
  'From First Call to Finished Job',
  'Our Process',
];

export const STEP_1_TITLES: readonly string[] = [
  'Get in Touch',
  'Tell Us What You Need',
  'Reach Out',
  'Make Contact',
  'First Contact',
];

export const STEP_1_TEXTS = (p: CityPage, zip: string) => [
  p.phone
    ? `Call ${p.phone} and tell us what is going on. A few details help us come prepared.`
    : `Send us a short description of the job and how to reach you.`,
  `${cap(reach(p))} with your ${p.city} address${zip ? ` (ZIP ${zip}, for example)` : ''} and a few words about the problem.`,
  `Tell us what you need and where in ${p.city} the job is; photos help if you have them.`,
  `Start with a ${p.phone ? 'quick call' : 'short message'}: what is wrong, where the property is and when suits you.`,
  `The first step is a ${p.phone ? `call to ${p.phone}` : 'short message'}. Describe the job in your own words; we ask the rest.`,
  `Let us know what has gone wrong at your ${p.city} property and when you are free.`,
];

export const STEP_2_TITLES: readonly string[] = [
  'Get a Clear Quote',
  'Assessment and Quote',
  'We Assess and Advise',
  'Options and Price',
  'An Honest Assessment',
];

export const STEP_2_TEXTS = ({ city, trade }: CityPage) => [
  'We look at the job, explain your options in plain language and agree a price before any work begins.',
  'You hear what we found and what we recommend, with the price, before you decide anything.',
  `We assess the ${trade} problem properly and give you a clear quote, with no pressure to go ahead.`,
  'A proper look first, then a price you agree to. Nothing starts until you say so.',
  'We find the cause, talk you through the fix and put a clear price on it.',
  `For your ${city} job you get a clear quote and an honest view of what can wait.`,
];

export const STEP_3_TITLES: readonly string[] = [
  'We Do the Work',
  'Careful, Tidy Work',
  'The Job, Done Properly',
  'Work Begins',
  'On the Job',
];

export const STEP_3_TEXTS = ({ city, trade }: CityPage) => [
  `Our team arrives in ${city} when agreed, carries out the ${trade} work carefully and keeps you updated as we go.`,
  'We turn up on time with what the job needs, protect the work area and get on with it.',
  `The work is done the way we described it, and if anything changes we talk to you before going further.`,
  `We carry out the ${trade} work to the plan you agreed, keeping the site tidy throughout.`,
  'With the price agreed, we get to work, protecting floors and furniture as we go.',
  `We arrive in ${city} with the right parts for the job and keep you posted while we work.`,
];

export const STEP_4_TITLES: readonly string[] = [
  'Final Check and Cleanup',
  'Walkthrough and Cleanup',
  'Checked and Tidy',
  'Done and Dusted',
  'A Final Walkthrough',
];

export const STEP_4_TEXTS = ({ city }: CityPage) => [
  'We test the result, clean up and walk you through what we did before we leave.',
  'Before we go, we check the work with you and leave the area as clean as we found it.',
  'A last test, a tidy site and a quick explanation of what was done: then the job is finished.',
  `You see the finished job, ask anything you like and we clear up before leaving your ${city} property.`,
  'We check everything works as it should and show you the result before we go.',
  'The job ends with a test, a tidy work area and time for your questions.',
];
