/** The end of a city page: an optional extra section, and the call to action. */

import type { TSection } from '../../../pages/index.ts';
import {
  CTA_BUTTONS_NO_PHONE,
  CTA_BUTTONS_PHONE,
  CTA_HEADINGS,
  CTA_TEXTS,
} from '../phrases/city-cta.ts';
import {
  CHOOSING_HEADINGS,
  CHOOSING_TEXTS,
  HOMES_HEADINGS,
  HOMES_TEXTS,
  PREPARE_FIRST,
  PREPARE_HEADINGS,
  PREPARE_SECOND,
} from '../phrases/city-extras.ts';
import type { CityPage } from './page.ts';

/** One extra section on some pages, so siblings differ in shape as well as in words. */
export function extraSection(p: CityPage): TSection | null {
  const { choose } = p;
  const kind = choose.one('extra', ['none', 'prepare', 'homes', 'choose']);
  if (kind === 'prepare') {
    return {
      type: 'text',
      heading: choose.one('ex-h', PREPARE_HEADINGS(p)),
      paragraphs: [choose.one('ex-1', PREPARE_FIRST(p)), choose.one('ex-2', PREPARE_SECOND)],
    };
  }
  if (kind === 'homes') {
    return {
      type: 'text',
      heading: choose.one('ex-h', HOMES_HEADINGS(p)),
      paragraphs: [choose.one('ex-1', HOMES_TEXTS(p))],
    };
  }
  if (kind === 'choose') {
    return {
      type: 'text',
      heading: choose.one('ex-h', CHOOSING_HEADINGS(p)),
      paragraphs: [choose.one('ex-1', CHOOSING_TEXTS(p))],
    };
  }
  return null;
}

export function ctaSection(p: CityPage): TSection {
  const { choose } = p;
  const topic = p.topics.length ? choose.one('cta-topic', p.topics) : '';
  return {
    type: 'cta',
    heading: choose.one('cta-h', CTA_HEADINGS(p)),
    text: [choose.one('cta-t', CTA_TEXTS(p)), topic && `Ask about ${topic}.`]
      .filter(Boolean)
      .join(' '),
    buttonLabel: choose.one('cta-b', p.phone ? CTA_BUTTONS_PHONE : CTA_BUTTONS_NO_PHONE),
  };
}
