/**
 * Benefits a site page (homepage, service, about, topic page) draws four of, as
 * "Title: description" lines. `focus` is the trade or the page's service, mid-sentence.
 *
 * Safe edits: rewording a line, adding a line (pages then draw a different four). Keep every
 * line a promise about how the business works, never an invented fact. Guarded by
 * apps/server/test/offline-writer.test.ts.
 */

import type { Voice } from '../voice.ts';

export const SITE_BENEFITS = (v: Voice, focus: string): readonly string[] => [
  `Clear, Upfront Pricing: You get a price before any ${focus} work starts, with an explanation of what it covers. No surprises on the invoice.`,
  `Done Right the First Time: We take the time to find the real cause, so the ${focus} fix lasts instead of coming back next month.`,
  'Respect for Your Property: Work areas protected, tools tidied away and everything cleaned up before we leave.',
  'Straight Answers: We tell you what needs doing now, what can wait, and what you do not need at all.',
  `Easy to Reach: ${
    v.phone
      ? `Call ${v.phone} and talk to someone who can actually help, not a call centre.`
      : 'You reach people who know the work and can answer your questions directly.'
  }`,
  `Local and Accountable: ${v.name} works where its customers live, and our reputation depends on every job we finish.`,
  'On-Time Arrivals: We give you an arrival window and keep to it, or call ahead if anything changes.',
  `Jobs Big and Small: From a quick ${focus} fix to a larger project, every job gets the same care and attention.`,
];
