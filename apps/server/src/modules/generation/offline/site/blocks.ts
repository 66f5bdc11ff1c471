/** Blocks the site pages share: benefits, steps, FAQs and calls to action. */

import type { TSection } from '../../../pages/index.ts';
import { SITE_BENEFITS } from '../phrases/site-benefits.ts';
import { SITE_GENERAL_FAQS, SITE_SERVICE_FAQS } from '../phrases/site-faqs.ts';
import { CTA_BUTTONS_PHONE, HERO_BUTTONS_PHONE } from '../phrases/site-pages.ts';
import { SITE_STEP_TEXTS, SITE_STEP_TITLES } from '../phrases/site-steps.ts';
import { TRADES } from '../phrases/trades.ts';
import {
  faq,
  item,
  listOf,
  lower,
  pick,
  sentence,
  type OfflineFaq,
  type OfflineItem,
} from '../text.ts';
import { reach, type Voice } from '../voice.ts';

export function serviceNames(v: Voice, n: number): string {
  return listOf(v.services.slice(0, n).map((s) => lower(s.title)));
}

export function benefitPool(v: Voice, focus: string): OfflineItem[] {
  return SITE_BENEFITS(v, focus).map(item);
}

export function steps(v: Voice, seed: string, focus: string): OfflineItem[] {
  const texts = SITE_STEP_TEXTS(v, focus);
  return SITE_STEP_TITLES.map((titles, i) => ({
    title: pick(titles, seed, `s${i + 1}`),
    description: texts[i]!,
  }));
}

export function generalFaqs(v: Voice): OfflineFaq[] {
  return SITE_GENERAL_FAQS(v, sentence(reach(v))).map(faq);
}

export function serviceFaqs(v: Voice, title: string): OfflineFaq[] {
  return SITE_SERVICE_FAQS(v, lower(title), reach(v)).map(faq);
}

export function tradeFaqs(v: Voice): OfflineFaq[] {
  const trade = TRADES.find((t) => t.noun === v.trade);
  return trade ? [faq(trade.faq)] : [];
}

export function cta(v: Voice, seed: string, heading: string, topic: string): TSection {
  const lead = v.phone ? `Call ${v.phone} to talk to` : 'Get in touch with';
  return {
    type: 'cta',
    heading,
    text: `${lead} ${v.name} about ${topic}. We will listen, answer your questions and give you a clear quote.`,
    buttonLabel: v.phone ? pick(CTA_BUTTONS_PHONE, seed, 'cta') : 'Contact Us',
  };
}

export function ctaLabel(v: Voice, seed: string): string {
  if (!v.phone) return 'Request a Quote';
  return pick(HERO_BUTTONS_PHONE, seed, 'hero');
}
