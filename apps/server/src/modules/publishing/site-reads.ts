import type { PageBody } from '../site/page-document.ts';
import type { PageRef } from '../site/paths.ts';
import type { PublishingRepo } from './publishing.repo.ts';

/** The reads a build makes: a site ZIP's build process asks the API process for them. */
export type SiteReads = Pick<
  PublishingRepo,
  'sitePages' | 'siteImages' | 'siteStates' | 'siteCounties' | 'cityBatch'
>;

/** Writes one page of the site: the file, and its line in the sitemap. */
export type PageSink = (
  ref: PageRef & { path: string },
  body: PageBody,
  updatedAt: Date,
) => Promise<void>;
