/**
 * Who is speaking on an offline page: the business's name, its trade in the two forms
 * sentences and headings need, its contact details and services. Site pages and city pages
 * speak with the same voice and point visitors to the same next step.
 */

import { TRADES, type Trade } from './phrases/trades.ts';
import { lower, titleCase, type OfflineItem } from './text.ts';

export type OfflineProject = {
  name: string;
  serviceType: string;
  prompt: string;
  contactPhoneNumber: string;
  email: string;
};

export type Voice = {
  name: string;
  /** Mid-sentence trade noun: "plumbing", "HVAC", "garage door". */
  trade: string;
  /** Heading form: "Plumbing", "HVAC". */
  tradeTitle: string;
  phone: string;
  email: string;
  services: OfflineItem[];
};

export function tradeFor(serviceType: string): Trade | undefined {
  return TRADES.find((t) => t.match.test(serviceType));
}

/** The trade noun for sentences ("plumbing", "HVAC") and for headings ("Plumbing"). */
export function tradeWords(serviceType: string): { trade: string; tradeTitle: string } {
  const known = tradeFor(serviceType);
  if (known) return { trade: known.noun, tradeTitle: titleCase(known.noun) };
  const base = serviceType.replace(/\b(services?|company|contractors?|business)\b/gi, ' ');
  const tradeTitle = titleCase(base.replace(/\s+/g, ' ').trim() || 'Home Services');
  return { trade: lower(tradeTitle), tradeTitle };
}

export function voiceOf(project: OfflineProject, services: OfflineItem[]): Voice {
  return {
    name: project.name.trim(),
    ...tradeWords(project.serviceType),
    phone: project.contactPhoneNumber.trim(),
    email: project.email.trim(),
    services,
  };
}

/** "call (512) 555-0100", "email …" or "get in touch": how a visitor takes the next step. */
export function reach(v: Pick<Voice, 'phone' | 'email'>): string {
  if (v.phone) return `call ${v.phone}`;
  if (v.email) return `email ${v.email}`;
  return 'get in touch';
}
