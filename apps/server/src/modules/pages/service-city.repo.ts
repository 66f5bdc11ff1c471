import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { cities, pages, serviceCityPages } from '../../db/schema/index.ts';
import type { JobRef } from './pages.repo.ts';

export type NewServiceCityPage = typeof serviceCityPages.$inferInsert;
/** A service-city page by its identity: the place and the service. */
export type ServiceCityPair = { id: string; cityId: string; servicePageId: string };

/** Service-city pages' rows: storage only, which pairs a place offers is the sync's rule. */
export function createServiceCityRepo(db: Db) {
  return {
    /** Each city of the project with what its page is written with and the services it names. */
    citiesOffering(projectId: string, tx: Executor = db) {
      return tx
        .select({
          id: cities.id,
          services: cities.services,
          model: cities.model,
          prompt: cities.prompt,
        })
        .from(cities)
        .where(eq(cities.projectId, projectId));
    },

    pairsOf(projectId: string, tx: Executor = db): Promise<ServiceCityPair[]> {
      return tx
        .select({
          id: serviceCityPages.id,
          cityId: serviceCityPages.cityId,
          servicePageId: serviceCityPages.servicePageId,
        })
        .from(serviceCityPages)
        .where(eq(serviceCityPages.projectId, projectId));
    },

    /** Idempotent: a pair that already has its page keeps it. */
    async insert(rows: NewServiceCityPage[], tx: Executor = db): Promise<JobRef[]> {
      const made: JobRef[] = [];
      // A few thousand rows a statement keeps the parameters under PostgreSQL's limit.
      for (let i = 0; i < rows.length; i += 2000)
        made.push(
          ...(await tx
            .insert(serviceCityPages)
            .values(rows.slice(i, i + 2000))
            .onConflictDoNothing()
            .returning({
              id: serviceCityPages.id,
              projectId: serviceCityPages.projectId,
              model: serviceCityPages.model,
            })),
        );
      return made;
    },

    async remove(projectId: string, ids: string[], tx: Executor = db): Promise<number> {
      let removed = 0;
      for (let i = 0; i < ids.length; i += 2000) {
        const gone = await tx
          .delete(serviceCityPages)
          .where(
            and(
              eq(serviceCityPages.projectId, projectId),
              inArray(serviceCityPages.id, ids.slice(i, i + 2000)),
            ),
          )
          .returning({ id: serviceCityPages.id });
        removed += gone.length;
      }
      return removed;
    },

    /** One page of the project with its service's name and slug, or null. */
    async find(projectId: string, id: string) {
      const [row] = await db
        .select({
          page: serviceCityPages,
          service: {
            id: pages.id,
            name: pages.name,
            slug: pages.slug,
            prompt: pages.prompt,
            content: pages.content,
          },
        })
        .from(serviceCityPages)
        .innerJoin(pages, eq(pages.id, serviceCityPages.servicePageId))
        .where(and(eq(serviceCityPages.projectId, projectId), eq(serviceCityPages.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** Each city's service pages, for the detail screen. */
    ofCities(cityIds: string[]) {
      if (!cityIds.length) return Promise.resolve([]);
      return db
        .select({
          id: serviceCityPages.id,
          cityId: serviceCityPages.cityId,
          service: pages.name,
          slug: pages.slug,
          status: serviceCityPages.status,
          similarity: serviceCityPages.similarity,
          wordCount: serviceCityPages.wordCount,
          approvedAt: serviceCityPages.approvedAt,
        })
        .from(serviceCityPages)
        .innerJoin(pages, eq(pages.id, serviceCityPages.servicePageId))
        .where(inArray(serviceCityPages.cityId, cityIds))
        .orderBy(pages.sortOrder, pages.name);
    },

    /** How many pages the project has of each status (the progress line). */
    async counts(projectId: string) {
      const rows = await db
        .select({ status: serviceCityPages.status, n: sql<number>`count(*)::int` })
        .from(serviceCityPages)
        .where(eq(serviceCityPages.projectId, projectId))
        .groupBy(serviceCityPages.status);
      return new Map(rows.map((r) => [r.status, Number(r.n)]));
    },
  };
}
export type ServiceCityRepo = ReturnType<typeof createServiceCityRepo>;
