import type { Access, ProjectsRepo } from '../projects/index.ts';
import { MSG, PAGE_STATUS } from '@cityforge/shared';
import type { CityRow, PageRow, ProjectRow, UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { cityPageFrame, serviceCityFrame } from './city-refs.ts';
import type { ServiceCityRepo } from '../pages/index.ts';
import type { LocationsRepo } from '../locations/index.ts';
import { footerPages, pageDocument, type PageBody, type SiteFrame } from './page-document.ts';
import type { PageRef } from './paths.ts';
import { countyHub, hubBody, stateHub, statesHub, type HubPage } from './site-hubs.ts';
import { themeCss, themeFor } from './theme.ts';

type Deps = {
  projectsRepo: ProjectsRepo;
  locationsRepo: LocationsRepo;
  serviceCityRepo: Pick<ServiceCityRepo, 'findByPlace'>;
  access: Access;
};

function notReady(page: Pick<PageRow, 'status' | 'failureReason'>): AppError {
  if (page.status === PAGE_STATUS.failed)
    return new AppError(
      'conflict',
      `This page could not be generated: ${page.failureReason ?? 'unknown reason'}`,
    );
  return new AppError('conflict', 'This page is still being generated.');
}

const isWritten = (c: Pick<CityRow, 'status' | 'contentHtml'>) =>
  c.status === PAGE_STATUS.completed && c.contentHtml !== null;

/** Complete HTML of one page of the generated site, as the in-app preview shows it. */
export function createPreviewService(deps: Deps) {
  const { locationsRepo: repo } = deps;

  function document(project: ProjectRow, pages: PageRow[], page: PageRef, body: PageBody) {
    const frame: SiteFrame = {
      project,
      footer: footerPages(pages),
      css: { inline: themeCss(themeFor(project)) },
      mode: 'preview',
    };
    return { html: pageDocument(frame, page, body) };
  }

  async function render(
    user: UserRow,
    id: string,
    pick: (pages: PageRow[]) => PageRow | undefined,
  ) {
    const project = await deps.access(user, id, 'review');
    const pages = await deps.projectsRepo.pagesOf(project.id);
    const page = pick(pages);
    if (!page) throw notFound('Page not found.');
    if (page.contentHtml === null) throw notReady(page);
    return document(project, pages, page, {
      contentHtml: page.contentHtml,
      metaTags: page.metaTags,
      content: page.content,
    });
  }

  /** A hub page (states, a state, a county): listed places, the way up, no model text. */
  async function hub(project: ProjectRow, page: HubPage) {
    const pages = await deps.projectsRepo.pagesOf(project.id);
    return document(project, pages, page.ref, hubBody(project, page));
  }

  /** Another user's project and a missing one answer alike (spec: 'Project ID or State ID not found'). */
  async function ownedOr404(user: UserRow, id: string, message: string) {
    try {
      return await deps.access(user, id, 'review');
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') throw notFound(message);
      throw error;
    }
  }

  /** A city's page for one service, as the site shows it under the city's address. */
  async function serviceCity(
    project: ProjectRow,
    pages: PageRow[],
    place: NonNullable<Awaited<ReturnType<LocationsRepo['findCity']>>>,
    slug: string,
  ) {
    const found = await deps.serviceCityRepo.findByPlace(project.id, place.city.id, slug);
    if (!found) throw notFound('Page not found.');
    if (!isWritten(found.page)) throw notReady(found.page);
    const { ref, ...frame } = serviceCityFrame(place, found.service);
    return document(project, pages, ref, {
      contentHtml: found.page.contentHtml!,
      metaTags: found.page.metaTags,
      ...frame,
    });
  }

  return {
    homepage: (user: UserRow, id: string) =>
      render(user, id, (pages) => pages.find((p) => p.kind === 'homepage')),
    page: (user: UserRow, id: string, pageId: string) =>
      render(user, id, (pages) => pages.find((p) => p.id === pageId)),

    async states(user: UserRow, id: string) {
      const project = await deps.access(user, id, 'review');
      const states = await repo.states(project.id);
      return hub(
        project,
        statesHub(
          project,
          states.map((s) => ({ ...s, counties: Number(s.counties), cities: Number(s.cities) })),
        ),
      );
    },

    async counties(user: UserRow, id: string, stateId: string) {
      const project = await ownedOr404(user, id, MSG.stateNotFound);
      const state = await repo.findState(project.id, stateId);
      if (!state) throw notFound(MSG.stateNotFound);
      const counties = await repo.countiesOf(state.id);
      return hub(
        project,
        stateHub(
          project,
          state,
          counties.map((c) => ({ ...c, cities: Number(c.cities) })),
        ),
      );
    },

    async cities(user: UserRow, id: string, countyId: string) {
      const project = await deps.access(user, id, 'review');
      const found = await repo.findCounty(project.id, countyId);
      if (!found) throw notFound('County not found.');
      const cities = await repo.citiesOf(found.county.id);
      const past = new Set(await repo.citiesPastSeats({ countyIds: [found.county.id] }));
      return hub(
        project,
        countyHub(
          project,
          found.state,
          found.county,
          cities.map((c) => ({ ...c, written: isWritten(c), overflow: past.has(c.id) })),
        ),
      );
    },

    /**
     * The city page itself (the spec's "zip codes of a city" preview), or with a service its
     * page for that service.
     */
    async zipcodes(user: UserRow, id: string, cityId: string, service?: string) {
      const project = await deps.access(user, id, 'review');
      const pages = await deps.projectsRepo.pagesOf(project.id);
      const page = await repo.findCity(project.id, cityId);
      if (!page) throw notFound('City not found.');
      if (service) return serviceCity(project, pages, page, service);
      if (!isWritten(page.city)) throw notReady(page.city);
      const { ref, ...frame } = cityPageFrame(page);
      return document(project, pages, ref, {
        contentHtml: page.city.contentHtml!,
        metaTags: page.city.metaTags,
        content: page.city.content,
        ...frame,
      });
    },
  };
}
export type PreviewService = ReturnType<typeof createPreviewService>;
