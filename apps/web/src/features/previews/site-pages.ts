import type { TPageSummary, TProjectDetail } from '@cityforge/shared';
import { HOMEPAGE_SLUG } from './site-links';
import type { SiteTarget } from './site-links';

/** A written page of the site: the homepage, a main page or a service page. */
export type PageTarget = Extract<SiteTarget, { kind: 'homepage' | 'page' | 'service' }>;

export interface SitePageEntry {
  target: PageTarget;
  page: TPageSummary;
  group: 'main' | 'service';
}

type SitePages = Pick<TProjectDetail, 'pages' | 'servicePages'>;

function homepageOf(detail: SitePages): TPageSummary | null {
  return detail.pages.find((p) => p.slug === HOMEPAGE_SLUG) ?? detail.pages[0] ?? null;
}

/** Every page of the site in the detail's order: homepage, main pages, then service pages. */
export function sitePageEntries(detail: SitePages): SitePageEntry[] {
  const home = homepageOf(detail);
  const entries: SitePageEntry[] = [];
  if (home) entries.push({ target: { kind: 'homepage' }, page: home, group: 'main' });
  for (const page of detail.pages) {
    if (page === home) continue;
    entries.push({ target: { kind: 'page', slug: page.slug }, page, group: 'main' });
  }
  for (const page of detail.servicePages) {
    entries.push({ target: { kind: 'service', slug: page.slug }, page, group: 'service' });
  }
  return entries;
}

/** The page a target names, or null when the project has no such page. */
export function findSitePage(detail: SitePages, target: PageTarget): TPageSummary | null {
  switch (target.kind) {
    case 'homepage':
      return homepageOf(detail);
    case 'page':
      return detail.pages.find((p) => p.slug === target.slug) ?? null;
    case 'service':
      return detail.servicePages.find((p) => p.slug === target.slug) ?? null;
  }
}

export type PageReadiness = 'ready' | 'generating' | 'failed';

/** Failed once failedAt or an error status is set, ready once written, else generating. */
export function pageReadiness(page: Pick<TPageSummary, 'status' | 'failedAt'>): PageReadiness {
  const status = page.status.toLowerCase();
  if (page.failedAt || status === 'error' || status === 'failed') return 'failed';
  if (status === 'completed' || status === 'created' || status === 'published') return 'ready';
  return 'generating';
}

/** The page's address on the generated site: '/', '/about-us', '/services/roofing'. */
export function sitePath(target: PageTarget): string {
  switch (target.kind) {
    case 'homepage':
      return '/';
    case 'page':
      return `/${target.slug}`;
    case 'service':
      return `/services/${target.slug}`;
  }
}
