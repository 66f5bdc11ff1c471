import {
  cityPath,
  serviceCityPath,
  countyPath,
  locationCrumbs,
  statePath,
  type Crumb,
  type PageRef,
} from './paths.ts';

// A city page's place in the site, for every renderer of it (preview, editor, published site).
type Named = { name: string; slug: string };
/** `overflow`: the city is past its county's seats (locations/city-seats.ts). */
type Place = { city: Named; county: Named; state: Named; overflow?: boolean };

export function cityPageRef({ city, county, state, overflow }: Place): PageRef {
  const path = cityPath(state, county, city, overflow);
  return { kind: 'city', name: city.name, slug: city.slug, path };
}

/** Where a city page's Service says it works: the city and each of its ZIP codes. */
export function cityAreaServed(city: { name: string; zips: string[] }, state: { code: string }) {
  return [`${city.name}, ${state.code}`, ...city.zips];
}

export function cityCrumbs({ city, county, state, overflow }: Place): Crumb[] {
  return locationCrumbs([
    { name: state.name, href: statePath(state) },
    { name: county.name, href: countyPath(state, county) },
    { name: city.name, href: cityPath(state, county, city, overflow) },
  ]);
}

type Service = { name: string; slug: string };

/** A service's page for a city: "Roof Repair in Kyle, TX" at the city's path + the service. */
export function serviceCityRef(
  place: Place & { state: Named & { code: string } },
  service: Service,
): PageRef {
  const path = serviceCityPath(
    cityPath(place.state, place.county, place.city, place.overflow),
    service,
  );
  return {
    kind: 'service-city',
    name: `${service.name} in ${place.city.name}, ${place.state.code}`,
    slug: service.slug,
    path,
    service: service.name,
  };
}

/** Home › Service Areas › state › county › city › service. */
export function serviceCityCrumbs(place: Place, service: Service, path: string): Crumb[] {
  return [...cityCrumbs(place), { name: service.name, href: path }];
}

/**
 * A city page as every renderer frames it (preview, editor, published site): where it is, its
 * breadcrumbs, and where its Service says it works.
 */
export function cityPageFrame(
  place: Place & { city: { zips: string[] }; state: { code: string } },
) {
  return {
    ref: cityPageRef(place),
    breadcrumbs: cityCrumbs(place),
    areaServed: cityAreaServed(place.city, place.state),
  };
}

/** A service's page for a city, framed the same way; it says it works in the city itself. */
export function serviceCityFrame(
  place: Place & { state: Named & { code: string } },
  service: Service,
) {
  const ref = serviceCityRef(place, service);
  return {
    ref,
    breadcrumbs: serviceCityCrumbs(place, service, ref.path!),
    areaServed: [`${place.city.name}, ${place.state.code}`],
  };
}
