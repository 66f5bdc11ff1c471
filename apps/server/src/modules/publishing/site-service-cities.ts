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

/** One service's page in a place: where it is, and everything it is made of but its content. */
function pageOf(place: CityPlace, stub: ServiceCityStub, service: Named) {
  const ref = serviceCityRef(place, service);
  const path = ref.path!;
  const breadcrumbs = serviceCityCrumbs(place, service, path);
  const areaServed = [`${place.city.name}, ${place.state.code}`];
  const input = JSON.stringify([ref, stub.contentHash, breadcrumbs, areaServed, stub.held]);
  return { stub, service, ref: { ...ref, path }, breadcrumbs, areaServed, input };
}
type ServiceCityPage = ReturnType<typeof pageOf>;

/**
 * The service-city pages of a build: each written page under its city's page (only while the
 * city's own page is on the site: a place's service pages go live with it, staged releases
 * and all), the links its city page shows, and, per service, the places it is offered in for
 * the service page's "Where we offer" list. A page's identity in what the build emits is its
 * place and its service: its path is the city's path and the service's slug. Pages are read
 * with their cities, a batch at a time, and their content with their cities' content, a slice
 * at a time (site-locations.ts): only what is being written is held.
 */
export function createServiceCityPages(opts: {
  repo: Pick<SiteReads, 'serviceCityIds' | 'serviceCityStubs' | 'serviceCityContents'>;
  projectId: string;
  /** The written service pages by id: a service without one has no city pages on the site. */
  services: Map<string, Named>;
  emit: PageSink;
  unchanged?: (path: string, input: string) => boolean;
}) {
  // A city's pages follow the services' order (the order of the written service pages).
  const rank = new Map([...opts.services.keys()].map((id, i) => [id, i]));
  const offered = new Map<string, OfferedIn[]>();
  // The batch's pages by city, without their content, and the content of the slice's pages
  // that changed since the last deploy. A page is made (its address, breadcrumbs and input)
  // when it is looked at, a city's at a time, never a slice's at once: made objects that all
  // live through a collection of the young generation teach V8 to make every later one in the
  // old generation, where a build's garbage then piles up.
  let stubs = new Map<string, ServiceCityStub[]>();
  let contents = new Map<string, Content>();
  // The cities that have any, read with the first batch.
  let withPages: Set<string> | undefined;

  const pagesOf = (place: CityPlace): ServiceCityPage[] =>
    (stubs.get(place.city.id) ?? []).map((stub) =>
      pageOf(place, stub, opts.services.get(stub.servicePageId)!),
    );

  return {
    /** The links a city page shows to its services' pages, in the services' order. */
    linksOf(place: CityPlace): SiteLink[] {
      return (stubs.get(place.city.id) ?? []).map((stub) => {
        const service = opts.services.get(stub.servicePageId)!;
        return { name: service.name, href: serviceCityRef(place, service).path! };
      });
    },

    /**
     * Reads which of these cities' service pages are written, in place of the last batch's: a
     * city's page links them, so this comes before the city's page is made.
     */
    async readBatch(cityIds: string[]) {
      stubs = new Map();
      contents = new Map();
      // A site without service pages has no pages of them to read.
      if (!opts.services.size) return;
      withPages ??= new Set(await opts.repo.serviceCityIds(opts.projectId));
      const asked = cityIds.filter((id) => withPages!.has(id));
      if (!asked.length) return;
      for (const stub of await opts.repo.serviceCityStubs(opts.projectId, asked)) {
        if (!rank.has(stub.servicePageId)) continue;
        const list = stubs.get(stub.cityId) ?? [];
        if (!list.length) stubs.set(stub.cityId, list);
        list.push(stub);
      }
      for (const list of stubs.values())
        list.sort((a, b) => rank.get(a.servicePageId)! - rank.get(b.servicePageId)!);
    },

    /**
     * Reads the content of these places' pages that changed since the last deploy, in place of
     * the last slice's: the places are written next (emitFor).
     */
    async readContents(places: CityPlace[]) {
      contents = new Map();
      const { unchanged } = opts;
      const changed: string[] = [];
      for (const place of places)
        if (!unchanged) changed.push(...(stubs.get(place.city.id) ?? []).map((stub) => stub.id));
        else
          for (const page of pagesOf(place))
            if (!unchanged(page.ref.path, page.input)) changed.push(page.stub.id);
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
