/**
 * City pages: the benefits section (heading and the pool a page draws four from).
 *
 * Safe edits: adding a variant to a list, rewording a variant. More variants keep sibling
 * pages further apart. Removing variants, or adding one that says the same long thing on
 * every page (no city, service or trade in it), pushes them together; keep every variant free
 * of invented local facts (addresses, landmarks, prices, years, reviews). Guarded by
 * apps/server/test/offline-city-writer.test.ts: a realistic set of cities keeps its pairwise
 * similarity under SIMILARITY_THRESHOLD, and each list keeps a minimum number of variants.
 */

import { type CityPage } from '../city/page.ts';

export const BENEFITS_HEADINGS = ({ city, name }: CityPage) => [
  `Why Choose ${name} in ${city}`,
  `What You Can Expect in ${city}`,
  `The ${name} Difference`,
  `Why Work With Us in ${city}`,
  'What Sets Us Apart',
  `Reasons to Call ${name}`,
];

/** A benefit: its title and its text are picked apart, from their own lists. */
export type Benefit = { titles: readonly string[]; texts: readonly string[] };

const clearUpfrontPricing = (p: CityPage): Benefit => ({
  titles: ['Clear, Upfront Pricing', 'Prices Agreed First'],
  texts: [
    `You know the price before any ${p.trade} work starts in ${p.city}, with an explanation of what it covers.`,
    'We agree the cost with you before we begin, so there are no surprise extras on the invoice.',
    'No guesswork on the bill: the price is explained and agreed before the work begins.',
  ],
});

const doneRightTheFirstTime = (p: CityPage): Benefit => ({
  titles: ['Done Right the First Time', 'Fixed Properly'],
  texts: [
    'We take the time to find the real cause, so the fix lasts instead of coming back next month.',
    `A proper diagnosis first means your ${p.trade} problem is solved, not just covered up.`,
    'We look for the cause, not only the symptom, so you are not calling us back for the same fault.',
  ],
});

const respectForYourProperty = (p: CityPage): Benefit => ({
  titles: ['Respect for Your Property', 'A Tidy Job'],
  texts: [
    'Work areas protected, tools tidied away and everything cleaned up before we leave.',
    `We treat your ${p.city} home or business with care and leave it as clean as we found it.`,
    'Floors covered, mess contained and the site swept before we call the job finished.',
  ],
});

const straightAnswers = (p: CityPage): Benefit => ({
  titles: ['Straight Answers', 'Honest Advice'],
  texts: [
    'We tell you what needs doing now, what can wait and what you do not need at all.',
    'You get plain language, not jargon, and a recommendation you can weigh up without pressure.',
    'If a repair makes more sense than a replacement, we say so.',
    `Ask us anything about your ${p.trade} job and you will get a plain, honest answer.`,
  ],
});

const easyToReach = (p: CityPage): Benefit => ({
  titles: ['Easy to Reach', 'Real People on the Line'],
  texts: [
    p.phone
      ? `Call ${p.phone} and talk to someone who can actually help.`
      : 'You reach people who know the work and can answer your questions directly.',
    `Questions from ${p.city} get answered by people who know ${p.trade}, not by a script.`,
    p.phone
      ? `One call to ${p.phone} puts you through to the people who do the work.`
      : 'Every message gets a reply from someone who understands the job.',
  ],
});

const localAndAccountable = (p: CityPage): Benefit => ({
  titles: ['Local and Accountable', 'Our Name on Every Job'],
  texts: [
    p.county && p.countyCities > 1
      ? `${p.name} works in ${p.countyCities} cities across ${p.county}, and our reputation rides on every job.`
      : `${p.name} works where its customers live, and our reputation depends on every job we finish.`,
    `Every ${p.city} job carries the ${p.name} name, so it is finished to a standard we are happy to stand behind.`,
    'We want every customer to call us again, so every job is done as if it were our own.',
  ],
});

const onTimeArrivals = (p: CityPage): Benefit => ({
  titles: ['On-Time Arrivals', 'We Keep to the Time'],
  texts: [
    'We give you an arrival window and keep to it, or call ahead if anything changes.',
    `Your time matters: we agree when we will arrive in ${p.city} and stick to it.`,
    'No waiting around all day: you get a time, and we keep to it.',
  ],
});

const jobsBigAndSmall = (p: CityPage): Benefit => ({
  titles: ['Jobs Big and Small', 'No Job Too Small'],
  texts: [
    `From a quick ${p.trade} fix to a larger project, every job gets the same care and attention.`,
    `A small repair in ${p.city} gets the same attention as a full installation.`,
    'Whether it takes an hour or a week, the job gets our full attention.',
  ],
});

const homesAndBusinesses = (p: CityPage): Benefit => ({
  titles: ['Homes and Businesses', 'Residential and Commercial'],
  texts: [
    `We work for homeowners, landlords and businesses in ${p.city}, and plan each job around the property.`,
    'Commercial work is scheduled to keep disruption low; at home, we fit around your day.',
    `Houses, rentals and business premises in ${p.city}: each job is planned around the people using it.`,
  ],
});

const keptInTheLoop: Benefit = {
  titles: ['Kept in the Loop', 'Updates as We Go'],
  texts: [
    'You know what we are doing and why, and we tell you straight away if plans need to change.',
    'No long silences: we keep you updated from the first visit to the final check.',
    'If we find something unexpected, you hear about it before we go any further.',
  ],
};

const checkedWithYou = (p: CityPage): Benefit => ({
  titles: ['Checked With You', 'A Final Walkthrough'],
  texts: [
    'Before we leave, we test the work and show you what was done.',
    `We walk you through the finished ${p.trade} job so you know exactly what you paid for.`,
    'The job is only finished once you have seen the result and had your questions answered.',
  ],
});

/** A page shows four of these, in a page-dependent choice and order. */
export const BENEFITS = (p: CityPage): readonly Benefit[] => [
  clearUpfrontPricing(p),
  doneRightTheFirstTime(p),
  respectForYourProperty(p),
  straightAnswers(p),
  easyToReach(p),
  localAndAccountable(p),
  onTimeArrivals(p),
  jobsBigAndSmall(p),
  homesAndBusinesses(p),
  keptInTheLoop,
  checkedWithYou(p),
];
