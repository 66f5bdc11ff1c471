import type { PageBody, PageRef } from '../site/lean.ts';
import type { PublishingRepo } from './publishing.repo.ts';

/**
 * The reads a build makes: a site ZIP's build process asks the API process for them, and the
 * API process answers these and no other call.
 */
export const SITE_READS = [
  'sitePages',
  'siteImages',
  'siteStates',
  'siteCounties',
  'cityStubs',
  'cityContents',
  'citiesPastSeats',
  'siteAddresses',
  'serviceCityIds',
  'serviceCityStubs',
  'serviceCityContents',
] as const satisfies ReadonlyArray<keyof PublishingRepo>;
export type SiteReads = Pick<PublishingRepo, (typeof SITE_READS)[number]>;

/**
 * What one page is made of: `input` names every input of the page besides the site-wide frame
 * (the same input makes the same file); `body` is read only when the page must be rendered.
 */
export type PageSource = {
  input: string;
  body: () => PageBody;
  /** Held back by the quality gate: kept out of the sitemap (the body carries the noindex). */
  noindex?: boolean;
  /** The city the page is of, and the service (a service's page in a city): its identity. */
  cityId?: string;
  serviceSlug?: string;
};

/** Writes one page of the site: the file, and its line in the sitemap. */
export type PageSink = (
  ref: PageRef & { path: string },
  source: PageSource,
  updatedAt: Date,
) => Promise<void>;
