/** A city page's FAQ: up to three questions about the place, three about how the business works. */

import type { TSection } from '../../../pages/index.ts';
import { GENERAL_FAQS } from '../phrases/city-general-faqs.ts';
import {
  BOOKING_FAQ_DETAILS,
  BOOKING_FAQ_FIRST_STEPS,
  BOOKING_FAQ_QUESTIONS,
  COUNTY_FAQ_ANSWERS_OF_MANY,
  COUNTY_FAQ_ANSWERS_OF_ONE,
  COUNTY_FAQ_ELSEWHERE,
  COUNTY_FAQ_QUESTIONS,
  FAQ_HEADINGS,
  NEARBY_FAQ_ANSWERS,
  NEARBY_FAQ_CLOSINGS,
  NEARBY_FAQ_QUESTIONS,
  ZIP_FAQ_ALSO,
  ZIP_FAQ_ANSWERS,
  ZIP_FAQ_QUESTIONS,
} from '../phrases/city-local-faqs.ts';
import { faq, usable, type OfflineFaq } from '../text.ts';
import { tradeFor } from '../voice.ts';
import { nearbyList, type CityPage } from './page.ts';

function localFaqs(p: CityPage): OfflineFaq[] {
  const { choose } = p;
  const out: OfflineFaq[] = [];
  if (p.zips.length) {
    const zip = choose.one('faq-zip', p.zips);
    const others = p.zips.filter((z) => z !== zip);
    const also = others.length ? choose.one('faq-zip-also', ZIP_FAQ_ALSO(p, others)) : '';
    out.push({
      question: choose.one('faq-zip-q', ZIP_FAQ_QUESTIONS(p, zip)),
      answer: choose.one('faq-zip-a', ZIP_FAQ_ANSWERS(p, zip)) + also,
    });
  }
  if (p.nearby.length) {
    out.push({
      question: choose.one('faq-near-q', NEARBY_FAQ_QUESTIONS(p)),
      answer: choose
        .one('faq-near-a', NEARBY_FAQ_ANSWERS(p))
        .replace('{list}', nearbyList(p, 'faq-near-list', choose.one('faq-near-n', [4, 5, 6])))
        .concat(' ', choose.one('faq-near-more', NEARBY_FAQ_CLOSINGS(p))),
    });
  }
  if (p.county) {
    out.push({
      question: choose.one('faq-county-q', COUNTY_FAQ_QUESTIONS(p)),
      answer:
        p.countyCities > 1
          ? `${choose.one('faq-county-a', COUNTY_FAQ_ANSWERS_OF_MANY(p))} ${choose.one('faq-county-b', COUNTY_FAQ_ELSEWHERE(p))}`
          : choose.one('faq-county-a', COUNTY_FAQ_ANSWERS_OF_ONE(p)),
    });
  }
  out.push({
    question: choose.one('faq-book-q', BOOKING_FAQ_QUESTIONS(p)),
    answer: `${choose.one('faq-book-a', BOOKING_FAQ_FIRST_STEPS(p))} ${choose.one('faq-book-b', BOOKING_FAQ_DETAILS(p))}`,
  });
  return out;
}

function generalFaqs(p: CityPage): OfflineFaq[] {
  const { choose } = p;
  const out: OfflineFaq[] = GENERAL_FAQS(p).map((g) => ({
    question: choose.one(`${g.slot}-q`, g.questions),
    answer: `${choose.one(`${g.slot}-1`, g.openings)} ${choose.one(`${g.slot}-2`, g.closings)}`,
  }));
  const known = tradeFor(p.serviceType);
  if (known) out.push(faq(known.faq));
  return out;
}

export function faqSection(p: CityPage): TSection {
  const { choose } = p;
  const heading = choose.one('faq-h', usable(FAQ_HEADINGS(p)));
  const local = localFaqs(p);
  const items = [
    ...choose.some('faq-local', local, Math.min(local.length, 3)),
    ...choose.some('faq-general', generalFaqs(p), 3),
  ];
  return { type: 'faq', heading, items: choose.some('faq-order', items, items.length) };
}
