import type { Db } from '../../db/client.ts';
import type { PageRow, ProjectRow } from '../../db/schema/index.ts';
import type { LocationsRepo } from '../locations/locations.repo.ts';
import type { TPageContent } from '../pages/content.ts';
import type { JobRef, PagesRepo } from '../pages/pages.repo.ts';
import { cityPromptPage, loadCityPage, renderCityParts } from './city-page.ts';
import type { PromptPage } from './prompts.ts';
import { renderPageParts, servicePagesFrom } from './render-page.ts';

const CALL_TYPES = { homepage: 'homepage', main: 'main_page', service: 'service_page' } as const;

/** What one job writes: the prompt, how to store the answer, and how to bill it. */
export type Work = {
  page: PromptPage;
  model: string;
  callType: string;
  ref: JobRef;
  /** Stores the written page; answers the pages it brought (a homepage's services). */
  store: (content: TPageContent, jobId: string) => Promise<JobRef[]>;
};

export function createPageWork(deps: { db: Db; repo: PagesRepo; locationsRepo: LocationsRepo }) {
  const { repo } = deps;

  function pageWork(project: ProjectRow, page: PageRow): Work {
    return {
      page,
      model: page.model,
      callType: CALL_TYPES[page.kind],
      ref: page,
      async store(content, jobId) {
        const result = { content, ...renderPageParts(content, page, project) };
        // Only a homepage that brings service pages needs a transaction; every other page is
        // one statement, which is most of a big project's pages.
        if (page.kind === 'homepage' && project.createServicePages)
          return deps.db.transaction(async (tx) =>
            (await repo.complete('page', page.id, jobId, result, tx))
              ? repo.insertPages(servicePagesFrom(content, page), tx)
              : [],
          );
        await repo.complete('page', page.id, jobId, result);
        return [];
      },
    };
  }

  async function cityWork(project: ProjectRow, cityId: string): Promise<Work | null> {
    const city = await loadCityPage(deps.locationsRepo, project, cityId);
    if (!city) return null;
    return {
      page: cityPromptPage(city),
      model: city.city.model,
      callType: 'city_page',
      ref: city.city,
      async store(content, jobId) {
        const parts = renderCityParts(content, city, project);
        await repo.complete('city', city.city.id, jobId, { content, ...parts });
        return [];
      },
    };
  }

  return { pageWork, cityWork };
}
