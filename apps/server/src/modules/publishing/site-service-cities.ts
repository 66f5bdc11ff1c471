import { serviceCityCrumbs, serviceCityRef } from '../site/lean.ts';
import type { OfferedIn, SiteLink } from '../site/lean.ts';
import type { ServiceCityStub } from './site-reads.repo.ts';
import type { PageSink, SiteReads } from './site-reads.ts';

type Named = { name: string; slug: string };
/** Where a city's page sits: what its service pages' addresses and breadcrumbs hang from. */
export type CityPlace = {
  city: Named & { id: string };
  county: Named;
  state: Named & { code: string };
  overflow: boolean;
};
type Content = { contentHtml: string | null; metaTags: string };

/**
 * The service-city pages of a build: each written page under its city's page (only while the
 * city's own page is on the site: a place's service pages go live with it, staged releases
 * and all), the links its city page shows, and, per service, the places it is offered in for
 * the service page's "Where we offer" list. A page's identity in what the build emits is its
 * place and its service: its path is the city's path and the service's slug.
 */
export function createServiceCityPages(opts: {
  repo: Pick<SiteReads, 'serviceCityContents'>;
  stubs: ServiceCityStub[];
  /** The written service pages by id: a service without one has no city pages on the site. */
  services: Map<string, Named>;
  emit: PageSink;
  unchanged?: (path: string, input: string) => boolean;
}) {
  const byCity = new Map<string, ServiceCityStub[]>();
  for (const stub of opts.stubs) {
    if (!opts.services.has(stub.servicePageId)) continue;
    const list = byCity.get(stub.cityId) ?? [];
    if (!list.length) byCity.set(stub.cityId, list);
    list.push(stub);
  }
  const offered = new Map<string, OfferedIn[]>();
  const contents = new Map<string, Content>();

  function pagesOf(place: CityPlace) {
    const own = byCity.get(place.city.id) ?? [];
    return own.map((stub) => {
      const service = opts.services.get(stub.servicePageId)!;
      const ref = serviceCityRef(place, service);
      const path = ref.path!;
      const breadcrumbs = serviceCityCrumbs(place, service, path);
      const areaServed = [`${place.city.name}, ${place.state.code}`];
      const input = JSON.stringify([ref, stub.contentHash, breadcrumbs, areaServed, stub.held]);
      return { stub, service, ref: { ...ref, path }, breadcrumbs, areaServed, input };
    });
  }

  return {
    /** The links a city page shows to its services' pages, in the services' order. */
    linksOf(place: CityPlace): SiteLink[] {
      return pagesOf(place).map((p) => ({ name: p.service.name, href: p.ref.path }));
    },

    /** Reads the content of the batch's pages that changed since the last deploy. */
    async prefetch(places: CityPlace[]) {
      contents.clear();
      const changed = places
        .flatMap(pagesOf)
        .filter((p) => !opts.unchanged?.(p.ref.path, p.input))
        .map((p) => p.stub.id);
      for (const row of await opts.repo.serviceCityContents(changed)) contents.set(row.id, row);
    },

    /**
     * Writes the city's service pages (the city's page is on the site). For the sitemap a page
     * changed when it was written or when its city went live, whichever is later.
     */
    async emitFor(place: CityPlace, releasedAt: Date | null = null) {
      for (const page of pagesOf(place)) {
        const body = () => {
          const content = contents.get(page.stub.id);
          if (!content) throw new Error(`the content of ${page.ref.path} was not read`);
          return {
            contentHtml: content.contentHtml!,
            metaTags: content.metaTags,
            breadcrumbs: page.breadcrumbs,
            areaServed: page.areaServed,
            noindex: page.stub.held,
          };
        };
        const { held } = page.stub;
        // Its identity (the place and the service) lets a later deploy redirect its address.
        const source = {
          input: page.input,
          body,
          noindex: held,
          cityId: place.city.id,
          serviceSlug: page.service.slug,
        };
        const { updatedAt } = page.stub;
        await opts.emit(
          page.ref,
          source,
          releasedAt && releasedAt > updatedAt ? releasedAt : updatedAt,
        );
        const list = offered.get(page.stub.servicePageId) ?? [];
        if (!list.length) offered.set(page.stub.servicePageId, list);
        list.push({ state: place.state.name, city: place.city.name, href: page.ref.path });
      }
    },

    /** The places each service is offered in, once every city went through. */
    offeredIn: (servicePageId: string) => offered.get(servicePageId) ?? [],
  };
}
export type ServiceCityPages = ReturnType<typeof createServiceCityPages>;
