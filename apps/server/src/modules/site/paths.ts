import { safeHref } from './html.ts';

export type PageKind = 'homepage' | 'main' | 'service';
export type PageRef = { kind: PageKind; name: string; slug: string };
export type Crumb = { name: string; href: string };

/** The decided URL layout: '/', '/{slug}' for main pages, '/services/{slug}' for services. */
export function pagePath(page: Pick<PageRef, 'kind' | 'slug'>): string {
  if (page.kind === 'homepage') return '/';
  if (page.kind === 'service') return `/services/${page.slug}`;
  return `/${page.slug}`;
}

/**
 * Header hash links name homepage sections ('#faq'); elsewhere they must lead back to the
 * homepage ('/#faq') rather than to a section the current page may not have.
 */
export function navHref(link: string, onHomepage: boolean): string {
  const href = safeHref(link);
  if (href.startsWith('#') && !onHomepage) return `/${href}`;
  return href;
}

/** Home › (Services ›) page; the homepage is its own single crumb. */
export function breadcrumbsFor(page: PageRef): Crumb[] {
  const home = { name: 'Home', href: '/' };
  if (page.kind === 'homepage') return [home];
  const here = { name: page.name, href: pagePath(page) };
  if (page.kind === 'service') return [home, { name: 'Services', href: '/services' }, here];
  return [home, here];
}

/** Joins a path to the site's origin for canonical links and structured data. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}
