import type { TCityNode, TCountyNode, TServiceCityNode, TStateNode } from '@cityforge/shared';

/** A location page of the generated site, as the preview routes address it (by id). */
export type LocationTarget =
  | { kind: 'states' }
  | { kind: 'counties'; stateId: string }
  | { kind: 'cities'; countyId: string }
  | { kind: 'city'; cityId: string }
  /** A city's page for one service, named by the service page's slug. */
  | { kind: 'service-city'; cityId: string; service: string };

export interface LocationPlace {
  state?: TStateNode;
  county?: TCountyNode;
  city?: TCityNode;
  /** On a city's page for one service: that page. */
  service?: TServiceCityNode;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The subfolder a city past its county's 49,744 seats sits in: '00' to 'ff' (the server's paths.ts). */
const OVERFLOW_FOLDER = /^[0-9a-f]{2}$/;

/**
 * The site's '/states/{state}/{county}/{city}' path segments after 'states' (one to three, or
 * four for a city in its county's overflow folder: '/states/{state}/{county}/{folder}/{city}';
 * a city's page for one service adds the service's slug) → the page they name, through the
 * project detail's slugs; null when the tree has no such place.
 */
export function resolveLocationSlugs(
  states: readonly TStateNode[],
  slugs: readonly string[],
): LocationTarget | null {
  if (slugs.length >= 4 && OVERFLOW_FOLDER.test(slugs[2]!)) {
    const inFolder = [slugs[0]!, slugs[1]!, ...slugs.slice(3)];
    const found = resolveLocationSlugs(states, inFolder);
    if (found || slugs.length === 5) return found;
  }
  if (slugs.length === 4) return serviceCityOf(states, slugs);
  const [stateSlug, countySlug, citySlug] = slugs;
  if (stateSlug === undefined || slugs.length > 3) return null;
  const state = states.find((s) => same(s.slug, stateSlug));
  if (!state) return null;
  if (countySlug === undefined) return { kind: 'counties', stateId: state.id };
  const county = state.counties.find((c) => same(c.slug, countySlug));
  if (!county) return null;
  if (citySlug === undefined) return { kind: 'cities', countyId: county.id };
  const city = county.cities.find((c) => same(c.slug, citySlug));
  return city ? { kind: 'city', cityId: city.id } : null;
}

/** '/states/{state}/{county}/{city}/{service}': the city's page for a service it offers. */
function serviceCityOf(states: readonly TStateNode[], slugs: readonly string[]) {
  const city = resolveLocationSlugs(states, slugs.slice(0, 3));
  if (city?.kind !== 'city') return null;
  const place = findLocation(states, city);
  const page = place?.city?.servicePages.find((p) => same(p.slug, slugs[3]!));
  return page ? ({ kind: 'service-city', cityId: city.cityId, service: page.slug } as const) : null;
}

/** Where a target sits in the tree (state, county, city as far as it goes); null if unknown. */
export function findLocation(
  states: readonly TStateNode[],
  target: LocationTarget,
): LocationPlace | null {
  if (target.kind === 'states') return {};
  for (const state of states) {
    if (target.kind === 'counties' && state.id === target.stateId) return { state };
    for (const county of state.counties) {
      if (target.kind === 'cities' && county.id === target.countyId) return { state, county };
      if (target.kind !== 'city' && target.kind !== 'service-city') continue;
      const city = county.cities.find((c) => c.id === target.cityId);
      if (!city) continue;
      if (target.kind === 'city') return { state, county, city };
      const service = city.servicePages.find((p) => p.slug === target.service);
      return service ? { state, county, city, service } : null;
    }
  }
  return null;
}

/** The page's address on the generated site: '/states', '/states/texas/travis-county', … */
export function locationSitePath(place: LocationPlace): string {
  return ['/states', place.state?.slug, place.county?.slug, place.city?.slug, place.service?.slug]
    .filter((part): part is string => !!part)
    .join('/');
}

const FALLBACK_TITLES: Record<LocationTarget['kind'], string> = {
  states: 'States',
  counties: 'State',
  cities: 'County',
  city: 'City',
  'service-city': 'Service page',
};

/** "States", "Texas", "Travis County, Texas", "Austin, TX". */
export function locationTitle(target: LocationTarget, place: LocationPlace | null): string {
  if (target.kind === 'states') return 'States';
  const cityName = place?.city
    ? `${place.city.name}${place.state ? `, ${place.state.code}` : ''}`
    : null;
  if (place?.service && cityName) return `${place.service.service} in ${cityName}`;
  if (cityName) return cityName;
  if (place?.county) return `${place.county.name}${place.state ? `, ${place.state.name}` : ''}`;
  if (place?.state) return place.state.name;
  return FALLBACK_TITLES[target.kind];
}
