/**
 * The "Offline draft" model's city pages: one complete page per city of the upload, written
 * from the project's own data and the city's record (county, ZIP codes, nearby cities of the
 * project with distances, the business's services, the upload's instructions). It never
 * invents a local fact: no addresses, landmarks, neighborhoods, population, weather, history,
 * prices, licences, years or reviews. Only what it was given, and how the business works; the
 * facts the customer gave for the place (jobs done there, a customer's words, the local price)
 * are each stated in a sentence of the page's own, and its quotes shown as quotations.
 *
 * Hundreds of sibling pages from one template are the thin, duplicate content this product
 * exists to avoid, so nearly every sentence has several phrasings (the phrases/city-*.ts tables)
 * and the middle sections come in a varied order, all chosen by a hash of the city (slug,
 * state, revision). Pages of one county share little text (see locations/similarity.ts and
 * offline-city-writer.test.ts), equal input gives an equal page, and a new revision gives a
 * freshly worded one.
 */

import type { CityContext } from '../../city-context.ts';
import type { TPageContent, TSection } from '../../../pages/index.ts';
import { fitPage } from '../fit.ts';
import type { OfflineProject } from '../voice.ts';
import { ctaSection, extraSection } from './closing.ts';
import { faqSection } from './faqs.ts';
import { hero, metaDescription, metaTitle } from './headlines.ts';
import { area, intro } from './intro.ts';
import { benefitsSection, processSection, servicesSection } from './offer.ts';
import { cityPageOf } from './page.ts';
import { proofSection, quotesSection } from './proof.ts';

/**
 * One city page from the project's data and the city's record; deterministic for equal
 * input, and worded afresh for each `city.revision`.
 */
export function writeOfflineCityContent(project: OfflineProject, city: CityContext): TPageContent {
  const p = cityPageOf(project, city);
  const middle = [
    area(p),
    servicesSection(p),
    benefitsSection(p),
    processSection(p),
    extraSection(p),
    quotesSection(p),
  ].filter((s): s is TSection => s !== null);
  const proof = proofSection(p);
  const sections = [
    intro(p),
    // What only this business can say about the place comes first.
    ...(proof ? [proof] : []),
    ...p.choose.some('order', middle, middle.length),
    faqSection(p),
    ctaSection(p),
  ];
  return fitPage({
    meta: { title: metaTitle(p), description: metaDescription(p) },
    hero: hero(p),
    sections,
  });
}
