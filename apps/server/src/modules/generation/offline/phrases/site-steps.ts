/**
 * The four steps of a site page's "How It Works": each step's title is picked from its list,
 * its text is fixed. `focus` is the trade or the page's service, mid-sentence.
 *
 * Safe edits: rewording, adding a title to a step's list. Keep four steps in order. Guarded by
 * apps/server/test/offline-writer.test.ts.
 */

import type { Voice } from '../voice.ts';

export const SITE_STEP_TITLES: readonly (readonly string[])[] = [
  ['Get in Touch', 'Tell Us What You Need', 'Reach Out'],
  ['Get a Clear Quote', 'Assessment and Quote', 'We Assess and Advise'],
  ['We Do the Work', 'Careful, Tidy Work', 'The Job, Done Properly'],
  ['Final Check and Cleanup', 'Walkthrough and Cleanup', 'Checked and Tidy'],
];

export const SITE_STEP_TEXTS = (v: Voice, focus: string): readonly string[] => [
  v.phone
    ? `Call ${v.phone} about your ${focus} job and tell us what is going on. A few details help us come prepared.`
    : `Send us a short description of your ${focus} job and how to reach you.`,
  'We look at the job, explain your options in plain language and agree a price before any work begins.',
  `Our team arrives when agreed, carries out the ${focus} work carefully and keeps you updated as we go.`,
  'We test the result, clean up and walk you through what we did before we leave.',
];
