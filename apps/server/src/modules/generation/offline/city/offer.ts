/** What a city page offers: its services, four benefits and the steps of a job. */

import type { TSection } from '../../../pages/index.ts';
import { BENEFITS, BENEFITS_HEADINGS } from '../phrases/city-benefits.ts';
import {
  PROCESS_HEADINGS,
  STEP_1_TEXTS,
  STEP_1_TITLES,
  STEP_2_TEXTS,
  STEP_2_TITLES,
  STEP_3_TEXTS,
  STEP_3_TITLES,
  STEP_4_TEXTS,
  STEP_4_TITLES,
} from '../phrases/city-process.ts';
import { SERVICE_PHRASINGS, SERVICES_HEADINGS, SERVICES_INTROS } from '../phrases/city-services.ts';
import { cap, lower, usable } from '../text.ts';
import type { CityPage } from './page.ts';

export function servicesSection(p: CityPage): TSection {
  const { choose } = p;
  const heading = choose.one('svc-h', SERVICES_HEADINGS(p));
  const first = lower(p.services[0]?.title ?? p.trade);
  const last = lower(p.services[p.services.length - 1]?.title ?? p.trade);
  const intro = choose.one('svc-intro', SERVICES_INTROS(p, first, last));
  const phrasings = SERVICE_PHRASINGS(p);
  // One shuffle of the phrasings per page, dealt out in turn, so no two items of a page
  // read alike while each sibling page deals a different hand.
  const dealt = choose.some('svc-phrasing', phrasings, phrasings.length);
  const items = p.services.map((s, i) => {
    const low = lower(s.title);
    const d = s.description || `${cap(low)} from ${p.name}.`;
    return { title: s.title, description: dealt[i % dealt.length]!(low, d) };
  });
  return { type: 'services', heading, intro, items };
}

export function benefitsSection(p: CityPage): TSection {
  const { choose } = p;
  const heading = choose.one('ben-h', BENEFITS_HEADINGS(p));
  const items = choose.some('ben', BENEFITS(p), 4).map((benefit, i) => ({
    title: choose.one(`ben${i}-t`, benefit.titles),
    description: choose.one(`ben${i}-d`, benefit.texts),
  }));
  return { type: 'benefits', heading, items };
}

export function processSection(p: CityPage): TSection {
  const { choose } = p;
  const zip = p.zips.length ? choose.one('proc-zip', p.zips) : '';
  const heading = choose.one('proc-h', PROCESS_HEADINGS(p));
  const steps = [
    {
      title: choose.one('p1-t', STEP_1_TITLES),
      description: choose.one('p1-d', usable(STEP_1_TEXTS(p, zip))),
    },
    { title: choose.one('p2-t', STEP_2_TITLES), description: choose.one('p2-d', STEP_2_TEXTS(p)) },
    { title: choose.one('p3-t', STEP_3_TITLES), description: choose.one('p3-d', STEP_3_TEXTS(p)) },
    { title: choose.one('p4-t', STEP_4_TITLES), description: choose.one('p4-d', STEP_4_TEXTS(p)) },
  ];
  return { type: 'process', heading, steps };
}
