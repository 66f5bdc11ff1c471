import type { Db } from '../../db/client.ts';
import type { PageRow, ProjectRow } from '../../db/schema/index.ts';
import type { FactsRepo, LocationsRepo } from '../locations/index.ts';
import type {
  TPageContent,
  JobRef,
  PagesRepo,
  PageState,
  ServiceCityRepo,
} from '../pages/index.ts';
import { cityPromptPage, loadCityPage, renderCityParts } from './city-page.ts';
import type { EditsMode } from './page-jobs.ts';
import { createPageStore, type Current } from './page-store.ts';
import type { PromptPage } from './prompts.ts';
import { renderPageParts, servicePagesFrom } from './render-page.ts';
import {
  loadServiceCityPage,
  renderServiceCityParts,
  serviceCityPromptPage,
} from './service-city-page.ts';

/** The usage ledger's call type of a page of each kind (a repair call adds `_repair`). */
export const PAGE_CALL_TYPES = {
  homepage: 'homepage',
  main: 'main_page',
  service: 'service_page',
  city: 'city_page',
  'service-city': 'service_city_page',
} as const;

/** What one job writes: the prompt, how to store the answer, and how to bill it. */
export type Work = {
  page: PromptPage;
  model: string;
  callType: string;
  ref: JobRef;
  /**
   * Stores the written page, minding the owner's edits as `edits` says (page-store.ts);
   * answers the pages it brought (a homepage's services).
   */
  store: (content: TPageContent, jobId: string, edits: EditsMode) => Promise<JobRef[]>;
};

export function createPageWork(deps: {
  db: Db;
  repo: PagesRepo;
  locationsRepo: LocationsRepo;
  factsRepo: FactsRepo;
  serviceCityRepo: ServiceCityRepo;
}) {
  const { repo } = deps;
  const store = createPageStore(deps);

  function pageWork(project: ProjectRow, page: PageRow): Work {
    return {
      page,
      model: page.model,
      callType: PAGE_CALL_TYPES[page.kind],
      ref: page,
      async store(content, jobId, edits) {
        return store({
          target: 'page',
          id: page.id,
          projectId: page.projectId,
          jobId,
          current: page,
          written: { content, ...renderPageParts(content, page, project) },
          edits,
          // Only a homepage that brings service pages needs a transaction; every other page
          // is one statement, which is most of a big project's pages.
          alongside:
            page.kind === 'homepage' && project.createServicePages
              ? (tx) => repo.insertPages(servicePagesFrom(content, page), tx)
              : undefined,
        });
      },
    };
  }

  /** A page of a place (a city's, or a service's in a city), stored in its own row. */
  function placeWork(
    target: 'city' | 'service-city',
    project: ProjectRow,
    row: Current & JobRef,
    page: PromptPage,
    render: (content: TPageContent) => PageState,
  ): Work {
    return {
      page,
      model: row.model,
      callType: PAGE_CALL_TYPES[target],
      ref: row,
      store: (content, jobId, edits) =>
        store({
          target,
          id: row.id,
          projectId: project.id,
          jobId,
          current: row,
          written: { content, ...render(content) },
          edits,
        }),
    };
  }

  async function cityWork(project: ProjectRow, cityId: string): Promise<Work | null> {
    const city = await loadCityPage(
      { locations: deps.locationsRepo, facts: deps.factsRepo },
      project,
      cityId,
    );
    return (
      city &&
      placeWork('city', project, city.city, cityPromptPage(city), (content) =>
        renderCityParts(content, city, project),
      )
    );
  }

  async function serviceCityWork(project: ProjectRow, id: string): Promise<Work | null> {
    const page = await loadServiceCityPage(
      { locations: deps.locationsRepo, facts: deps.factsRepo, serviceCities: deps.serviceCityRepo },
      project,
      id,
    );
    return (
      page &&
      placeWork('service-city', project, page.row, serviceCityPromptPage(page), (content) =>
        renderServiceCityParts(content, page, project),
      )
    );
  }

  return { pageWork, cityWork, serviceCityWork };
}
