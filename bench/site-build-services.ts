import type { Db } from '../apps/server/src/db/client.ts';
import { serviceCityPages } from '../apps/server/src/db/schema/index.ts';
import { writeOfflineCityContent } from '../apps/server/src/modules/generation/offline/index.ts';
import type { OfflineProject } from '../apps/server/src/modules/generation/offline/index.ts';
import { renderMetaTags } from '../apps/server/src/modules/site/meta.ts';
import { renderContent } from '../apps/server/src/modules/site/render-content.ts';
import type { SeedPage, WrittenCity } from './site-build-cities.ts';

/** A service page of the bench site: its row's id, name, slug and description. */
export type SeedService = { id: string; name: string; slug: string; summary: string };

// Rows written per statement; the pages are written a batch at a time and not kept.
const BATCH = 500;

/**
 * One service-city page per place and service (every place offers every service), written by
 * the "Offline draft" model from its city's record and about that one service, rendered by the
 * product's renderer as a finished run stores it. Answers the content HTML bytes written.
 */
export async function seedServiceCities(
  db: Db,
  business: OfflineProject,
  projectId: string,
  cityIds: string[],
  written: WrittenCity[],
  services: SeedService[],
  onPage?: (page: SeedPage) => void,
): Promise<number> {
  let bytes = 0;
  let rows: Array<typeof serviceCityPages.$inferInsert> = [];
  for (const [i, city] of written.entries()) {
    for (const service of services) {
      const self = `${city.context.paths.self}/${service.slug}`;
      const context = {
        ...city.context,
        services: [{ title: service.name, description: service.summary }],
        paths: { ...city.context.paths, self },
        service,
      };
      const content = writeOfflineCityContent(business, context);
      const name = `${service.name} in ${city.context.name}, ${city.context.stateId}`;
      const contentHtml = renderContent(
        content,
        { kind: 'service-city', name, slug: service.slug, path: self },
        business,
        {
          linkServices: true,
          extraSections: [
            `<section class="section alt" id="city"><div class="wrap"><p class="more-areas">` +
              `<a href="${city.context.paths.self}">Everything we do in ${city.context.name} &rarr;</a>` +
              `</p></div></section>`,
          ],
        },
      );
      bytes += contentHtml.length;
      onPage?.({
        path: self,
        title: content.meta.title,
        description: content.meta.description,
        html: contentHtml,
        parents: [
          [city.context.paths.state, city.context.stateName],
          [city.context.paths.county, city.context.county],
        ],
      });
      rows.push({
        projectId,
        cityId: cityIds[i]!,
        servicePageId: service.id,
        status: 'Completed',
        model: 'offline-draft',
        contentHtml,
        content,
        metaTags: renderMetaTags(content.meta),
      });
    }
    if (rows.length >= BATCH) {
      await db.insert(serviceCityPages).values(rows);
      rows = [];
    }
  }
  if (rows.length) await db.insert(serviceCityPages).values(rows);
  return bytes;
}
