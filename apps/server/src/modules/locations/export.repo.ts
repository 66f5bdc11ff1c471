import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withCityPlace } from '../../db/city-place.ts';
import {
  cities,
  locationCounties,
  locationStates,
  pages,
  serviceCityPages,
} from '../../db/schema/index.ts';
import { citiesPastSeats } from './city-seats.ts';

/** What the export of a project's places reads: every city without its page. Storage only. */
export function createExportRepo(db: Db) {
  return {
    /** Every city by state, county and name, with its place and page's state (no content). */
    async cities(projectId: string) {
      const rows = await withCityPlace(
        db
          .select({
            id: cities.id,
            name: cities.name,
            placeName: cities.placeName,
            slug: cities.slug,
            zips: cities.zips,
            status: cities.status,
            similarity: cities.similarity,
            localShare: cities.localShare,
            wordCount: cities.wordCount,
            factsStated: cities.factsStated,
            stuffing: cities.stuffing,
            approvedAt: cities.approvedAt,
            photoUrl: cities.photoUrl,
            pageTitle: cities.pageTitle,
            metaDescription: cities.metaDescription,
            services: cities.services,
            countyId: cities.countyId,
            county: { name: locationCounties.name, slug: locationCounties.slug },
            state: {
              code: locationStates.code,
              name: locationStates.name,
              slug: locationStates.slug,
            },
          })
          .from(cities)
          .$dynamic(),
      )
        .where(eq(cities.projectId, projectId))
        .orderBy(
          asc(locationStates.name),
          asc(locationCounties.name),
          asc(cities.name),
          asc(cities.id),
        );
      const past = new Set(
        await citiesPastSeats(db, { countyIds: [...new Set(rows.map((r) => r.countyId))] }),
      );
      return rows.map((row) => ({ ...row, overflow: past.has(row.id) }));
    },

    /** The project's services (its service pages, in menu order) and their pages per city. */
    async servicePages(projectId: string) {
      const [services, made] = await Promise.all([
        db
          .select({ id: pages.id, name: pages.name, slug: pages.slug })
          .from(pages)
          .where(and(eq(pages.projectId, projectId), eq(pages.kind, 'service')))
          .orderBy(asc(pages.sortOrder), asc(pages.createdAt)),
        db
          .select({
            cityId: serviceCityPages.cityId,
            servicePageId: serviceCityPages.servicePageId,
            status: serviceCityPages.status,
          })
          .from(serviceCityPages)
          .where(eq(serviceCityPages.projectId, projectId)),
      ]);
      return { services, made };
    },
  };
}
export type ExportRepo = ReturnType<typeof createExportRepo>;
export type ExportCity = Awaited<ReturnType<ExportRepo['cities']>>[number];
