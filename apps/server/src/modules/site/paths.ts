import { createHash } from 'node:crypto';
import { safeHref } from './html.ts';

/** Site pages, city pages, and the hub pages above cities (states, a state, a county). */
export type PageKind = 'homepage' | 'main' | 'service' | 'city' | 'service-city' | 'hub';
/**
 * Location pages carry their own path: it depends on the state and county above them. A
 * service's page for a city names its service too (its structured data's serviceType).
 */
export type PageRef = {
  kind: PageKind;
  name: string;
  slug: string;
  path?: string;
  service?: string;
};
export type Crumb = { name: string; href: string };

/** The decided URL layout: '/', '/{slug}' for main pages, '/services/{slug}' for services. */
export function pagePath(page: Pick<PageRef, 'kind' | 'slug' | 'path'>): string {
  if (page.path) return page.path;
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

type Slugged = { slug: string };

/**
 * Location pages: '/states', '/states/{state}', '/states/{state}/{county}' and
 * '/states/{state}/{county}/{city}', so every city page sits under the pages that list it.
 */
export const STATES_PATH = '/states';
export const statePath = (state: Slugged) => `${STATES_PATH}/${state.slug}`;
export const countyPath = (state: Slugged, county: Slugged) => `${statePath(state)}/${county.slug}`;
/**
 * A city past its county's seats (locations/city-seats.ts) sits one level further down, in
 * the subfolder its slug leads to ('/states/texas/harris-county/3f/katy'), so that no folder
 * of the built site outgrows what Netlify takes.
 */
export const cityPath = (state: Slugged, county: Slugged, city: Slugged, overflow = false) =>
  overflow
    ? `${countyPath(state, county)}/${overflowFolderOf(city.slug)}/${city.slug}`
    : `${countyPath(state, county)}/${city.slug}`;

/** A service's page for a city sits in its city's folder, under the service's slug. */
export const serviceCityPath = (cityPagePath: string, service: Slugged) =>
  `${cityPagePath}/${service.slug}`;

/** One of 256 subfolders, '00' to 'ff': the first byte of the slug's SHA-1. */
export const overflowFolderOf = (slug: string) =>
  createHash('sha1').update(slug).digest('hex').slice(0, 2);

/** Home › Service Areas › state › county › city, as far down as `levels` names. */
export function locationCrumbs(
  levels: Array<{ name: string; href: string }>,
  statesName = 'Service Areas',
): Crumb[] {
  return [{ name: 'Home', href: '/' }, { name: statesName, href: STATES_PATH }, ...levels];
}
