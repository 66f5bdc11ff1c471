import type { TStateNode } from '@cityforge/shared';
import { resolveLocationSlugs } from './location-tree';
import type { LocationTarget } from './location-tree';

/**
 * A page of the generated site, as the previews address it. The site's own URLs are '/' (the
 * homepage), '/{slug}' (a main page), '/services/{slug}' (a service page), '/states' and below
 * it '/states/{state}', '/states/{state}/{county}', '/states/{state}/{county}/{city}'.
 */
export type SiteTarget =
  | { kind: 'homepage' }
  | { kind: 'page'; slug: string }
  | { kind: 'service'; slug: string }
  | LocationTarget;

/** The slug the homepage carries in the project detail. */
export const HOMEPAGE_SLUG = 'homepage';

/** What the preview frame's inline script posts instead of following a site-internal link. */
export const NAVIGATE_MESSAGE = 'cityforge:navigate';

const enc = encodeURIComponent;

/** The app route that previews a page of the site. */
export function previewPath(projectId: string, target: SiteTarget): string {
  const base = `/project/${enc(projectId)}`;
  switch (target.kind) {
    case 'homepage':
      return `${base}/homepage`;
    case 'page':
      return `${base}/page/${enc(target.slug)}`;
    case 'service':
      return `${base}/service/${enc(target.slug)}`;
    case 'states':
      return `${base}/states`;
    case 'counties':
      return `${base}/counties/${enc(target.stateId)}`;
    case 'cities':
      return `${base}/cities/${enc(target.countyId)}`;
    case 'city':
      return `${base}/city/${enc(target.cityId)}`;
    case 'service-city':
      return `${base}/city/${enc(target.cityId)}/service/${enc(target.service)}`;
  }
}

/** The editor route for a page of the site; the state and county index pages have none. */
export function editorPath(projectId: string, target: SiteTarget): string | null {
  const base = `/projects/${enc(projectId)}`;
  switch (target.kind) {
    case 'homepage':
      return `${base}/edit`;
    case 'page':
      return `${base}/page/${enc(target.slug)}/edit`;
    case 'service':
      return `${base}/service/${enc(target.slug)}/edit`;
    case 'city':
      return `${base}/city/${enc(target.cityId)}/edit`;
    case 'service-city':
      return `${base}/city/${enc(target.cityId)}/service/${enc(target.service)}/edit`;
    case 'states':
    case 'counties':
    case 'cities':
      return null;
  }
}

// Only used to resolve relative paths; an href that resolves to any other origin was not a
// site-internal path (e.g. "//example.com" or "/\example.com").
const SITE_ORIGIN = 'https://site.invalid';

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Maps a site-internal href ('/', '/#section', '/about-us', '/services/roofing', '/states',
 * '/states/texas/travis-county/austin') to the page it shows, or null for anything the previews
 * cannot show (other origins, unknown places, malformed escapes). Location paths name places by
 * slug, so they resolve through the project detail's tree (`states`). Query strings and
 * fragments are dropped: a section of another document cannot be scrolled to from outside the
 * sandboxed frame.
 */
export function siteHrefToTarget(
  href: string,
  states: readonly TStateNode[] = [],
): SiteTarget | null {
  const trimmed = href.trim();
  if (!trimmed.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(trimmed, SITE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== SITE_ORIGIN) return null;
  const segments: string[] = [];
  for (const raw of url.pathname.split('/')) {
    if (!raw) continue;
    const segment = decodeSegment(raw);
    if (segment === null || segment.trim() === '') return null;
    segments.push(segment);
  }
  const [first, second] = segments;
  if (first === undefined) return { kind: 'homepage' };
  if (segments.length === 1) {
    if (first === 'states') return { kind: 'states' };
    if (first === HOMEPAGE_SLUG) return { kind: 'homepage' };
    if (first === 'services') return null;
    return { kind: 'page', slug: first };
  }
  if (segments.length === 2 && first === 'services' && second !== undefined) {
    return { kind: 'service', slug: second };
  }
  if (first === 'states') return resolveLocationSlugs(states, segments.slice(1));
  return null;
}

export interface SiteLinkContext {
  /** The project detail's tree, to resolve '/states/…' paths. */
  states?: readonly TStateNode[];
  /**
   * In the previews, on the state and county pages a hash link ('#faq') means
   * the homepage's section, so it leads to the homepage preview.
   */
  hashToHomepage?: boolean;
}

/** The preview route for a site-internal href, or null when there is none. */
export function siteHrefToPreviewRoute(
  projectId: string,
  href: string,
  { states = [], hashToHomepage = false }: SiteLinkContext = {},
): string | null {
  if (hashToHomepage && href.trim().startsWith('#')) {
    return previewPath(projectId, { kind: 'homepage' });
  }
  const target = siteHrefToTarget(href, states);
  return target ? previewPath(projectId, target) : null;
}

/** The href of a `{type: 'cityforge:navigate', href}` message; null for any other data. */
export function navigateMessageHref(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, href } = data as { type?: unknown; href?: unknown };
  return type === NAVIGATE_MESSAGE && typeof href === 'string' ? href : null;
}
