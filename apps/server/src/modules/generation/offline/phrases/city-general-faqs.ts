/**
 * City pages: the general questions about how the business works; a page asks three
 * of them (and the trade's own question, when the trade is known).
 *
 * Safe edits: adding a variant to a list, rewording a variant. More variants keep sibling
 * pages further apart. Removing variants, or adding one that says the same long thing on
 * every page (no city, service or trade in it), pushes them together; keep every variant free
 * of invented local facts (addresses, landmarks, prices, years, reviews). Guarded by
 * apps/server/test/offline-city-writer.test.ts: a realistic set of cities keeps its pairwise
 * similarity under SIMILARITY_THRESHOLD, and each list keeps a minimum number of variants.
 */

import { type CityPage, serviceList } from '../city/page.ts';
import { cap, sentence } from '../text.ts';
import { reach } from '../voice.ts';

/**
 * A general question: the page asks one of `questions` and answers with one of `openings`
 * followed by one of `closings`, chosen apart so pages that ask the same question rarely
 * answer it in the same words. `slot` names the choice: renaming it rewords every page.
 */
export type GeneralFaq = {
  slot: string;
  questions: readonly string[];
  openings: readonly string[];
  closings: readonly string[];
};

const gCost = (p: CityPage): GeneralFaq => ({
  slot: 'g-cost',
  questions: [
    `How much does ${p.trade} cost in ${p.city}?`,
    `What will my ${p.trade} job cost?`,
    'Can you tell me the price up front?',
  ],
  openings: [
    'It depends on the job.',
    'Every job is different, so we price each one on its own.',
    'We do not guess at prices for anything but the simplest jobs.',
    'A fair price needs a proper look at the problem first.',
  ],
  closings: [
    'We look at what is needed, explain the options and give you a clear price before any work starts.',
    'We assess first, then quote, and the price is agreed before we begin.',
    `Once we have seen the ${p.trade} job, you get a clear quote and can decide without pressure.`,
    'You hear the price and what it covers before anything starts, so there are no surprises.',
  ],
});

const gSoon = (p: CityPage): GeneralFaq => ({
  slot: 'g-soon',
  questions: [
    `How soon can you get to ${p.city}?`,
    'How quickly can you come out?',
    `Can you come out to ${p.city} this week?`,
  ],
  openings: [
    `${sentence(reach(p))}`,
    'It depends on the day and on how urgent the job is.',
    'Tell us how urgent it is when you get in touch.',
    'We plan visits around urgency first.',
  ],
  closings: [
    'We will give you the earliest time we can reach you and tell you honestly if we cannot get there quickly.',
    'Anything urgent is prioritised, and you get a clear arrival window when you book.',
    'You get a realistic arrival time, not a promise we cannot keep.',
    `If we cannot get to ${p.city} soon enough, we will say so straight away.`,
  ],
});

const gBiz = (p: CityPage): GeneralFaq => ({
  slot: 'g-biz',
  questions: [
    `Do you work for businesses in ${p.city} as well as homeowners?`,
    'Do you take commercial jobs?',
    'Do you work for landlords and businesses?',
  ],
  openings: [
    'Yes.',
    `Yes: ${p.name} works for homes and businesses alike.`,
    'We do, as well as for homeowners.',
  ],
  closings: [
    'Commercial work is planned around your opening hours, home visits around your day.',
    'Tell us about the property when you get in touch and we will plan the work around it.',
    'Commercial jobs are scheduled to keep disruption to your business low.',
    `Homes, rentals and business premises in ${p.city} all get the same careful work.`,
  ],
});

const gSvc = (p: CityPage): GeneralFaq => ({
  slot: 'g-svc',
  questions: [
    `Which ${p.trade} services can I book in ${p.city}?`,
    `What can ${p.name} help with in ${p.city}?`,
    'What kind of jobs do you take on?',
  ],
  openings: [
    `In ${p.city} we offer ${serviceList(p, 'g-svc', 5)}.`,
    `Our services include ${serviceList(p, 'g-svc', 5)}, all available in ${p.city}.`,
    `We handle ${serviceList(p, 'g-svc', 4)}, among other ${p.trade} jobs.`,
  ],
  closings: [
    'Not sure what you need? Describe the problem and we will advise.',
    'If your job is not on the list, ask; we will tell you honestly whether we can help.',
    `${cap(reach(p))} and describe the job if you are unsure.`,
  ],
});

const gPrep: GeneralFaq = {
  slot: 'g-prep',
  questions: [
    'How should I prepare for your visit?',
    'Is there anything I need to do before you arrive?',
    'What do you need from me on the day?',
  ],
  openings: [
    'Clear access to the work area is the main thing.',
    'Not much.',
    'Very little: a clear path to the problem helps most.',
  ],
  closings: [
    'Let us know about pets, parking or anything we should be careful of, and we will handle the rest.',
    'Tell us about pets or tricky parking ahead of time and that is all we need.',
    'If anything at the property needs special care, mention it when you book.',
  ],
};

const gExplain: GeneralFaq = {
  slot: 'g-explain',
  questions: [
    'Will you explain the work before you start?',
    'Will I know the price before work begins?',
    'Do you start work without asking first?',
  ],
  openings: [
    'Nothing starts until you agree.',
    'You decide before anything starts.',
    'Never without your go-ahead.',
  ],
  closings: [
    'We tell you what we found, what we recommend and why, and what it will cost.',
    'You get the findings, the options and the price first; the decision is yours.',
    'We explain the job in plain language and agree the price with you beforehand.',
  ],
};

const gAfter = (p: CityPage): GeneralFaq => ({
  slot: 'g-after',
  questions: [
    'What if something is not right after the job?',
    'What happens if there is a problem afterwards?',
    'Do you come back if something goes wrong?',
  ],
  openings: ['Tell us.', `${sentence(reach(p))}`, 'Let us know as soon as you notice it.'],
  closings: [
    'We come back, look at it and make it right; standing behind our work is part of the job.',
    'We will look at it again and put it right.',
    'We would rather return and check than leave you with a doubt.',
  ],
});

export const GENERAL_FAQS = (p: CityPage): readonly GeneralFaq[] => [
  gCost(p),
  gSoon(p),
  gBiz(p),
  gSvc(p),
  gPrep,
  gExplain,
  gAfter(p),
];
