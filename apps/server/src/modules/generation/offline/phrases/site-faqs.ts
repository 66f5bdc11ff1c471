/**
 * FAQ pools of the site pages, as "Question? Answer" lines: general questions (homepage,
 * services and topic pages draw some) and questions about one service (its page draws four).
 * `next` is the visitor's next step as a sentence ("Call (512) 555-0100."), `reach` the same
 * mid-sentence ("call (512) 555-0100"), `service` the service's name mid-sentence.
 *
 * Safe edits: rewording, adding a line (the first "? " ends the question). Guarded by
 * apps/server/test/offline-writer.test.ts.
 */

import type { Voice } from '../voice.ts';

export const SITE_GENERAL_FAQS = (v: Voice, next: string): readonly string[] => [
  `How much does ${v.trade} work cost? It depends on the job. We look at what is needed, explain the options and give you a clear price before any work starts, so you can decide without pressure.`,
  `How soon can you come out? ${next} We will give you the earliest time we can reach you, prioritise anything urgent and tell you honestly if we cannot get there quickly.`,
  'Do you work for homeowners and businesses? Yes. We help homeowners, landlords and businesses. Tell us about your property when you get in touch and we will plan the work around it.',
  'Will you explain the work before you start? Always. We tell you what we found, what we recommend and why, and what it will cost. Nothing starts until you agree.',
  `Do you serve my area? ${next} Give us your address and we will confirm straight away whether you are in our service area.`,
  'How should I prepare for your visit? Clear access to the work area and let us know about pets, parking or anything we should be careful of. That is all we need.',
];

export const SITE_SERVICE_FAQS = (v: Voice, service: string, reach: string): readonly string[] => [
  `How much does ${service} cost? The price of ${service} depends on the size of the job, access and materials. We assess it first and give you a clear quote before any work begins.`,
  `How long does ${service} take? It depends on what we find. We give you a realistic time estimate with your quote for ${service} and keep you updated if anything changes.`,
  `Do I need to be there for ${service}? It helps if someone can show us the problem at the start and look at the result at the end. In between, you can get on with your day.`,
  `Do you offer ${service} for businesses? Yes. ${v.name} provides ${service} for homes and businesses, and we schedule commercial work to keep disruption low.`,
  `What if something is not right after the ${service}? Tell us. We come back, look at it and make it right; standing behind our ${service} work is part of the job.`,
  `Can I get advice before booking ${service}? Of course. We are happy to explain what ${service} would involve and let you decide without pressure. Just ${reach}.`,
];
