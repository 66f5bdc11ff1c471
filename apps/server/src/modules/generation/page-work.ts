import type { Db } from '../../db/client.ts';
import type { PageRow, ProjectRow } from '../../db/schema/index.ts';
import type { FactsRepo, LocationsRepo } from '../locations/index.ts';
import type { TPageContent, JobRef, PagesRepo, ServiceCityRepo } from '../pages/index.ts';
import { cityPromptPage, loadCityPage, renderCityParts } from './city-page.ts';
import type { EditsMode } from './page-jobs.ts';
import { createPageStore } from './page-store.ts';
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

  async function cityWork(project: ProjectRow, cityId: string): Promise<Work | null> {
    const city = await loadCityPage(
      { locations: deps.locationsRepo, facts: deps.factsRepo },
      project,
      cityId,
    );
    if (!city) return null;
    return {
      page: cityPromptPage(city),
      model: city.city.model,
      callType: PAGE_CALL_TYPES.city,
      ref: city.city,
      async store(content, jobId, edits) {
        return store({
          target: 'city',
          id: city.city.id,
          projectId: project.id,
          jobId,
          current: city.city,
          written: { content, ...renderCityParts(content, city, project) },
          edits,
        });
      },
    };
  }

  async function serviceCityWork(project: ProjectRow, id: string): Promise<Work | null> {
    const page = await loadServiceCityPage(
      { locations: deps.locationsRepo, facts: deps.factsRepo, serviceCities: deps.serviceCityRepo },
      project,
      id,
    );
    if (!page) return null;
    return {
      page: serviceCityPromptPage(page),
      model: page.row.model,
      callType: PAGE_CALL_TYPES['service-city'],
      ref: page.row,
      async store(content, jobId, edits) {
        return store({
          target: 'service-city',
          id: page.row.id,
          projectId: project.id,
          jobId,
          current: page.row,
          written: { content, ...renderServiceCityParts(content, page, project) },
          edits,
        });
      },
    };
  }

  return { pageWork, cityWork, serviceCityWork };
}
