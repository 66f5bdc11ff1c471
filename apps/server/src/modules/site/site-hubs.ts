import type { ProjectRow } from '../../db/schema/index.ts';
import { renderMetaTags } from './meta.ts';
import { NOINDEX_META } from './render-document.ts';
import {
  cityPath,
  countyPath,
  locationCrumbs,
  pagePath,
  statePath,
  STATES_PATH,
  type Crumb,
  type PageRef,
} from './paths.ts';
import { renderHubMap, type HubMap } from './hub-map.ts';
import { plural, renderHub, type HubLink } from './render-locations.ts';

/**
 * The listing pages of a site (all states, a state, a county, a state's ZIP codes, the
 * services): what each says and links to, from the project's own data. The preview and the
 * published site both build them here, so the two never drift apart.
 */
export type HubPage = {
  ref: PageRef;
  crumbs: Crumb[];
  heading: string;
  lead: string;
  listHeading: string;
  links: HubLink[];
  /**
   * Pages listed plainly under the cards: reachable, not featured (city pages the quality
   * gate holds back).
   */
  more?: { heading: string; links: HubLink[] };
  /** A state's and a county's page: a small map of the state with its counties marked. */
  map?: HubMap;
};

type HubProject = Pick<ProjectRow, 'name' | 'serviceType' | 'contactPhoneNumber' | 'email'>;
type Place = { name: string; slug: string };

const service = (project: HubProject) => project.serviceType || 'Our services';

/** ZIP codes of a state's cities, one page per state so no page grows past a state's size. */
export const zipCodesPath = (state: Place) => `${statePath(state)}/zip-codes`;

export function statesHub(
  project: HubProject,
  states: Array<Place & { counties: number; cities: number }>,
): HubPage {
  const cities = states.reduce((n, s) => n + s.cities, 0);
  return {
    ref: { kind: 'hub', name: 'Service Areas', slug: 'states', path: STATES_PATH },
    crumbs: locationCrumbs([]),
    heading: `${service(project)} Service Areas`,
    lead: states.length
      ? `${project.name} serves ${plural(cities, 'city', 'cities')} in ${plural(states.length, 'state')}. Choose a state to see the counties and cities we cover.`
      : `${project.name} has not listed its service areas yet.`,
    listHeading: 'States We Serve',
    links: states.map((s) => ({
      name: s.name,
      href: statePath(s),
      detail: `${plural(s.counties, 'county', 'counties')}, ${plural(s.cities, 'city', 'cities')}`,
    })),
  };
}

export function stateHub(
  project: HubProject,
  state: Place & { code: string },
  counties: Array<Place & { cities: number }>,
  opts: { zipPage?: boolean } = {},
): HubPage {
  const cities = counties.reduce((n, c) => n + c.cities, 0);
  const links: HubLink[] = counties.map((c) => ({
    name: c.name,
    href: countyPath(state, c),
    detail: plural(c.cities, 'city', 'cities'),
  }));
  if (opts.zipPage)
    links.push({
      name: `ZIP Codes in ${state.name}`,
      href: zipCodesPath(state),
      detail: 'Every ZIP code we serve, with its city',
    });
  return {
    ref: { kind: 'hub', name: state.name, slug: state.slug, path: statePath(state) },
    crumbs: locationCrumbs([{ name: state.name, href: statePath(state) }]),
    heading: `${service(project)} in ${state.name}`,
    lead: `${project.name} serves ${plural(cities, 'city', 'cities')} across ${plural(counties.length, 'county', 'counties')} in ${state.name}.`,
    listHeading: `Counties We Serve in ${state.name}`,
    links,
    map: { state: state.code, stateName: state.name, counties: counties.map((c) => c.name) },
  };
}

/** `overflow`: the city is past its county's seats (locations/city-seats.ts). */
export type HubCity = Place & {
  zips: string[];
  written: boolean;
  held?: boolean;
  overflow?: boolean;
};

export function countyHub(
  project: HubProject,
  state: Place & { code: string },
  county: Place,
  cities: HubCity[],
): HubPage {
  const zips = new Set(cities.flatMap((c) => c.zips)).size;
  const link = (c: HubCity): HubLink => ({
    name: c.name,
    // Only written pages exist on the site; the others are named but not linked yet.
    href: c.written ? cityPath(state, county, c, c.overflow) : null,
    detail: c.zips.length
      ? `ZIP ${c.zips.slice(0, 4).join(', ')}${c.zips.length > 4 ? ` and ${c.zips.length - 4} more` : ''}`
      : `${c.name}, ${state.code}`,
  });
  const held = cities.filter((c) => c.held);
  return {
    ref: { kind: 'hub', name: county.name, slug: county.slug, path: countyPath(state, county) },
    crumbs: locationCrumbs([
      { name: state.name, href: statePath(state) },
      { name: county.name, href: countyPath(state, county) },
    ]),
    heading: `${service(project)} in ${county.name}, ${state.code}`,
    lead: `${project.name} serves ${plural(cities.length, 'city', 'cities')} and ${plural(zips, 'ZIP code')} in ${county.name}, ${state.name}.`,
    listHeading: `Cities We Serve in ${county.name}`,
    links: cities.filter((c) => !c.held).map(link),
    map: { state: state.code, stateName: state.name, counties: [county.name] },
    ...(held.length
      ? { more: { heading: `More Places We Serve in ${county.name}`, links: held.map(link) } }
      : {}),
  };
}

export type ZipEntry = { zip: string; city: string; href: string | null };

export function zipCodesHub(project: HubProject, state: Place, entries: ZipEntry[]): HubPage {
  const sorted = [...entries].sort((a, b) => a.zip.localeCompare(b.zip));
  const path = zipCodesPath(state);
  return {
    ref: { kind: 'hub', name: `ZIP Codes in ${state.name}`, slug: 'zip-codes', path },
    crumbs: locationCrumbs([
      { name: state.name, href: statePath(state) },
      { name: 'ZIP Codes', href: path },
    ]),
    heading: `${service(project)} by ZIP Code in ${state.name}`,
    lead: `${project.name} serves ${plural(sorted.length, 'ZIP code')} in ${state.name}. Find yours to see the local page.`,
    listHeading: `ZIP Codes We Serve in ${state.name}`,
    links: sorted.map((e) => ({ name: e.zip, href: e.href, detail: e.city })),
  };
}

export function servicesHub(project: HubProject, services: Place[]): HubPage {
  return {
    ref: { kind: 'hub', name: 'Services', slug: 'services', path: '/services' },
    crumbs: [
      { name: 'Home', href: '/' },
      { name: 'Services', href: '/services' },
    ],
    heading: `${service(project)} Services`,
    lead: `Every service ${project.name} offers. Choose one to read what it covers.`,
    listHeading: 'Our Services',
    links: services.map((s) => ({
      name: s.name,
      href: pagePath({ kind: 'service', slug: s.slug }),
      detail: `${s.name} by ${project.name}`,
    })),
  };
}

/** The site's 404 page: the way back, never indexed. */
export function notFoundHub(project: HubProject): HubPage {
  return {
    ref: { kind: 'hub', name: 'Page Not Found', slug: '404', path: '/404' },
    crumbs: [{ name: 'Home', href: '/' }],
    heading: 'Page Not Found',
    lead: `The page you were looking for is not here. It may have moved; the links below lead back into ${project.name}'s site.`,
    listHeading: 'Where to Go Next',
    links: [
      { name: 'Home', href: '/', detail: `${project.name} home page` },
      { name: 'Service Areas', href: STATES_PATH, detail: 'Every state, county and city we serve' },
    ],
  };
}

/** A hub page's content and meta tags, ready for renderDocument. */
export function hubParts(project: HubProject, hub: HubPage, opts: { noindex?: boolean } = {}) {
  const contentHtml = renderHub({
    project,
    eyebrow: project.serviceType || project.name,
    heading: hub.heading,
    lead: hub.lead,
    listHeading: hub.listHeading,
    links: hub.links,
    more: hub.more,
    map: hub.map && renderHubMap(hub.map),
  });
  const metaTags =
    renderMetaTags({ title: `${hub.heading} | ${project.name}`, description: hub.lead }) +
    (opts.noindex ? `\n${NOINDEX_META}` : '');
  return { contentHtml, metaTags };
}

/** A hub page's whole body: its parts and the way up. */
export const hubBody = (project: HubProject, hub: HubPage, opts: { noindex?: boolean } = {}) => ({
  ...hubParts(project, hub, opts),
  breadcrumbs: hub.crumbs,
});
