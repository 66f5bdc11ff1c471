import type { TCityNode, TCountyNode, TStateNode } from '@cityforge/shared';

/** A location page of the generated site, as the preview routes address it (by id). */
export type LocationTarget =
  | { kind: 'states' }
  | { kind: 'counties'; stateId: string }
  | { kind: 'cities'; countyId: string }
  | { kind: 'city'; cityId: string };

export interface LocationPlace {
  state?: TStateNode;
  county?: TCountyNode;
  city?: TCityNode;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The subfolder a city past its county's 49,744 seats sits in: '00' to 'ff' (the server's paths.ts). */
const OVERFLOW_FOLDER = /^[0-9a-f]{2}$/;

/**
 * The site's '/states/{state}/{county}/{city}' path segments after 'states' (one to three, or
 * four for a city in its county's overflow folder: '/states/{state}/{county}/{folder}/{city}')
 * → the page they name, through the project detail's slugs; null when the tree has no such place.
 */
export function resolveLocationSlugs(
  states: readonly TStateNode[],
  slugs: readonly string[],
): LocationTarget | null {
  if (slugs.length === 4 && OVERFLOW_FOLDER.test(slugs[2]!))
    return resolveLocationSlugs(states, [slugs[0]!, slugs[1]!, slugs[3]!]);
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
      if (target.kind !== 'city') continue;
      const city = county.cities.find((c) => c.id === target.cityId);
      if (city) return { state, county, city };
    }
  }
  return null;
}

/** The page's address on the generated site: '/states', '/states/texas/travis-county', … */
export function locationSitePath(place: LocationPlace): string {
  return ['/states', place.state?.slug, place.county?.slug, place.city?.slug]
    .filter((part): part is string => !!part)
    .join('/');
}

const FALLBACK_TITLES: Record<LocationTarget['kind'], string> = {
  states: 'States',
  counties: 'State',
  cities: 'County',
  city: 'City',
};

/** "States", "Texas", "Travis County, Texas", "Austin, TX". */
export function locationTitle(target: LocationTarget, place: LocationPlace | null): string {
  if (target.kind === 'states') return 'States';
  if (place?.city) return `${place.city.name}${place.state ? `, ${place.state.code}` : ''}`;
  if (place?.county) return `${place.county.name}${place.state ? `, ${place.state.name}` : ''}`;
  if (place?.state) return place.state.name;
  return FALLBACK_TITLES[target.kind];
}
