import { isInProgress, PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import type { THeaderLink, TLeanCity, TLeanProjectDetail, TPageSummary } from '@cityforge/shared';

export const HOMEPAGE_SLUG = 'homepage';

export function isHomepage(page: Pick<TPageSummary, 'slug'>): boolean {
  return page.slug === HOMEPAGE_SLUG;
}

export interface PageLinks {
  preview: string;
  edit: string;
}

const enc = encodeURIComponent;

/** Main pages: the homepage has its own routes, the others go by slug. */
export function mainPageLinks(projectId: string, page: Pick<TPageSummary, 'slug'>): PageLinks {
  const id = enc(projectId);
  if (isHomepage(page)) return { preview: `/project/${id}/homepage`, edit: `/projects/${id}/edit` };
  const slug = enc(page.slug);
  return { preview: `/project/${id}/page/${slug}`, edit: `/projects/${id}/page/${slug}/edit` };
}

export function servicePageLinks(projectId: string, page: Pick<TPageSummary, 'slug'>): PageLinks {
  const id = enc(projectId);
  const slug = enc(page.slug);
  return {
    preview: `/project/${id}/service/${slug}`,
    edit: `/projects/${id}/service/${slug}/edit`,
  };
}

export function cityLinks(projectId: string, cityId: string): PageLinks {
  const id = enc(projectId);
  const city = enc(cityId);
  return { preview: `/project/${id}/city/${city}`, edit: `/projects/${id}/city/${city}/edit` };
}

/** The editor of a city's page for one service (named by the service page's slug). */
export function serviceCityEditPath(projectId: string, cityId: string, service: string): string {
  return `/projects/${enc(projectId)}/city/${enc(cityId)}/service/${enc(service)}/edit`;
}

/** The preview of a city's page for one service. */
export function serviceCityPreviewPath(projectId: string, cityId: string, service: string): string {
  return `/project/${enc(projectId)}/city/${enc(cityId)}/service/${enc(service)}`;
}

/** "/" for the homepage, "/about-us" for the rest. */
export function slugPath(page: Pick<TPageSummary, 'slug'>): string {
  return isHomepage(page) ? '/' : `/${page.slug}`;
}

export type ItemState = 'completed' | 'failed' | 'pending';

/** A page or city: failed once failedAt (or an error status) is set, completed, or pending. */
export function itemState(item: Pick<TLeanCity, 'status' | 'failedAt'>): ItemState {
  const s = item.status.toLowerCase();
  if (item.failedAt || s === 'error' || s === 'failed') return 'failed';
  if (s === 'completed' || s === 'created' || s === 'published') return 'completed';
  return 'pending';
}

/**
 * Why a queued page waits rather than being written (a monthly spending cap reached), or null.
 * Nothing works on such a page, so it shows its reason, not a spinner.
 */
export function heldReason(
  item: Pick<TLeanCity, 'status' | 'failedAt' | 'failureReason'>,
): string | null {
  const queued = item.status.toLowerCase() === PAGE_STATUS.queued;
  return queued && !item.failedAt && item.failureReason ? item.failureReason : null;
}

/** A page's links wait while it is being generated. */
export function pageLinksDisabled(page: Pick<TPageSummary, 'status'>): boolean {
  return isInProgress(page.status) || page.status.toLowerCase() === 'queued';
}

/** "3 of 5 menu items enabled". */
export function menuEnabledText(links: readonly Pick<THeaderLink, 'show'>[]): string {
  return `${links.filter((l) => l.show).length} of ${links.length} menu items enabled`;
}

export function isHashLink(link: string): boolean {
  return link.trim().startsWith('#');
}

/**
 * Hash links go to a section of the homepage (a link to its preview); other targets are
 * pages of the generated site and are shown as text.
 */
export function menuLinkTarget(
  projectId: string,
  link: string,
): { href: string | null; label: string } {
  if (isHashLink(link)) {
    return { href: `/project/${enc(projectId)}/homepage${link.trim()}`, label: `Homepage ${link}` };
  }
  return { href: null, label: link };
}

/** The body of POST update-header-links: the names to show. */
export function visibleLinkNames(links: readonly THeaderLink[]): string[] {
  return links.filter((l) => l.show).map((l) => l.name);
}

function clearFailure<T extends TPageSummary | TLeanCity>(item: T, status: string): T {
  return { ...item, status, failedAt: null, failureReason: null };
}

/**
 * A page retry queues the page again and clears its failure. The server puts
 * the project back In progress, and so does this: that is what turns live updates back on.
 */
export function applyPageRetry(detail: TLeanProjectDetail, pageId: string): TLeanProjectDetail {
  const update = (p: TPageSummary) => (p.id === pageId ? clearFailure(p, 'queued') : p);
  return {
    ...detail,
    status: PROJECT_STATUS.inProgress,
    pages: detail.pages.map(update),
    servicePages: detail.servicePages.map(update),
  };
}

/** A city retry sets the city to "In Progress" and clears its failure. */
export function retryCityIn(cities: readonly TLeanCity[], cityId: string): TLeanCity[] {
  return cities.map((c) => (c.id === cityId ? clearFailure(c, 'In Progress') : c));
}

/** The project follows a city retry; a small project's tree holds the city itself. */
export function applyCityRetry(detail: TLeanProjectDetail, cityId: string): TLeanProjectDetail {
  return {
    ...detail,
    status: PROJECT_STATUS.inProgress,
    states: detail.states.map((state) => ({
      ...state,
      counties: state.counties.map((county) => ({
        ...county,
        cities: county.cities && retryCityIn(county.cities, cityId),
      })),
    })),
  };
}

/** "1 city", "3 cities". */
export function countLabel(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Its first ZIPs and how many more: "78701, 78702 +3". */
export function zipsText(city: Pick<TLeanCity, 'zips' | 'zipCount'>): string {
  const more = city.zipCount - city.zips.length;
  return `${city.zips.join(', ')}${more > 0 ? ` +${more}` : ''}`;
}

/** '38% similar' once the page has been scored, else null. */
export function similarityText(city: Pick<TLeanCity, 'similarity'>): string | null {
  if (city.similarity === null || !Number.isFinite(city.similarity)) return null;
  const percent = Math.round(Math.min(1, Math.max(0, city.similarity)) * 100);
  return `${percent}% similar`;
}

/** The previews of the location index pages: all states, one state, one county. */
export function locationPreviewLinks(projectId: string) {
  const id = enc(projectId);
  return {
    states: `/project/${id}/states`,
    state: (stateId: string) => `/project/${id}/counties/${enc(stateId)}`,
    county: (countyId: string) => `/project/${id}/cities/${enc(countyId)}`,
  };
}
