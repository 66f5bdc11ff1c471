/**
 * The built-in "Offline draft" model: complete, specific pages written from the project's own
 * data, with no key and no network. Wording is varied by a hash of the page slug, because
 * near-duplicate pages are exactly what this product exists to avoid. It never invents facts
 * (years in business, licences, hours, addresses): it promises only how the business works.
 */

import type { TPageContent } from '../../../pages/index.ts';
import { factsFrom } from '../brief.ts';
import { fitPage } from '../fit.ts';
import { offlineServices } from '../services.ts';
import { voiceOf, type OfflineProject } from '../voice.ts';
import {
  aboutPage,
  contactPage,
  homepage,
  servicePage,
  servicesPage,
  topicPage,
  type OfflinePage,
  type Writer,
} from './pages.ts';

function writerFor(page: OfflinePage): Writer {
  if (page.kind === 'homepage') return homepage;
  if (page.kind === 'service') return servicePage;
  const key = `${page.slug} ${page.name}`.toLowerCase();
  if (key.includes('about')) return aboutPage;
  if (key.includes('contact')) return contactPage;
  if (/^(our-)?services?(-\d+)?$/.test(page.slug)) return servicesPage;
  return topicPage;
}

/** Writes one page of the project from its own data; deterministic for equal input. */
export function writeOfflineContent(project: OfflineProject, page: OfflinePage): TPageContent {
  const v = voiceOf(project, offlineServices(project));
  const seed = `${page.kind}:${page.slug}`;
  const own = factsFrom(page.prompt);
  // Main pages without a brief of their own borrow the owner's brief; the contact page does
  // not, since statements about the business would only crowd its contact details.
  const facts =
    page.kind === 'homepage'
      ? factsFrom(project.prompt)
      : own.length || page.kind === 'service' || writerFor(page) === contactPage
        ? own
        : factsFrom(project.prompt).slice(0, 3);
  const content = writerFor(page)(v, page, facts, seed);
  return fitPage(content);
}
