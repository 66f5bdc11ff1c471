import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { scoredPlace, withCityPlace } from '../../db/city-place.ts';
import { PAGE_STATUS } from '@cityforge/shared';
import {
  cities,
  locationCounties,
  locationStates,
  pages,
  serviceCityPages,
} from '../../db/schema/index.ts';
import type { JobRef } from './pages.repo.ts';

/** The project's written service-city pages: completed, with their content. */
const writtenOf = (projectId: string) =>
  and(
    eq(serviceCityPages.projectId, projectId),
    eq(serviceCityPages.status, PAGE_STATUS.completed),
    isNotNull(serviceCityPages.contentHtml),
  );

export type NewServiceCityPage = typeof serviceCityPages.$inferInsert;
/** A service-city page by its identity: the place and the service. */
export type ServiceCityPair = { id: string; cityId: string; servicePageId: string };

/** What scoring measures of a page of a place, a service-city page or a city page (similarity.ts). */
export type PlacePageQuality = {
  id: string;
  similarity: number;
  similarTo: string | null;
  localShare: number;
  wordCount: number;
  /** The place's facts the page states, and its sentences that only list places. */
  factsStated: number;
  stuffing: number;
};

/** A page's scores by the columns they are stored in, as a row of a statement's JSON records. */
export const scoreColumns = (s: PlacePageQuality) => ({
  id: s.id,
  similarity: s.similarity,
  similar_to: s.similarTo,
  local_share: s.localShare,
  word_count: s.wordCount,
  facts_stated: s.factsStated,
  stuffing: s.stuffing,
});

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

    /** A city's page for one service, by the city and the service's slug. */
    async findByPlace(projectId: string, cityId: string, slug: string) {
      const [row] = await db
        .select({ page: serviceCityPages, service: { name: pages.name, slug: pages.slug } })
        .from(serviceCityPages)
        .innerJoin(pages, eq(pages.id, serviceCityPages.servicePageId))
        .where(
          and(
            eq(serviceCityPages.projectId, projectId),
            eq(serviceCityPages.cityId, cityId),
            eq(pages.kind, 'service'),
            eq(pages.slug, slug),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The ids of the project's written pages, in order: scoring reads them a slice at a time. */
    async writtenIds(projectId: string): Promise<string[]> {
      const rows = await db
        .select({ id: serviceCityPages.id })
        .from(serviceCityPages)
        .where(writtenOf(projectId))
        .orderBy(asc(serviceCityPages.id));
      return rows.map((row) => row.id);
    },

    /** The places the project's written pages are about, by name: city, county and state. */
    placeNames(projectId: string) {
      return withCityPlace(
        db
          .selectDistinct({
            name: cities.name,
            county: locationCounties.name,
            stateName: locationStates.name,
          })
          .from(serviceCityPages)
          .innerJoin(cities, eq(cities.id, serviceCityPages.cityId))
          .$dynamic(),
      ).where(writtenOf(projectId));
    },

    /**
     * These written pages of the project with their place, as scoring reads them. By primary key
     * alone: with the project and status in the query, a planner without statistics of this
     * table (the embedded database runs no autovacuum) reads every page of the project for each
     * slice. Whether a page is the project's and still written is answered, then kept to.
     */
    async forScoring(projectId: string, ids: string[]) {
      if (!ids.length) return [];
      const rows = await withCityPlace(
        db
          .select({
            id: serviceCityPages.id,
            projectId: serviceCityPages.projectId,
            written: sql<boolean>`(${serviceCityPages.status} = ${PAGE_STATUS.completed})`,
            cityId: serviceCityPages.cityId,
            servicePageId: serviceCityPages.servicePageId,
            service: pages.name,
            prompt: serviceCityPages.prompt,
            contentHtml: serviceCityPages.contentHtml,
            ...scoredPlace,
          })
          .from(serviceCityPages)
          .innerJoin(pages, eq(pages.id, serviceCityPages.servicePageId))
          .innerJoin(cities, eq(cities.id, serviceCityPages.cityId))
          .$dynamic(),
      ).where(inArray(serviceCityPages.id, ids));
      return rows
        .filter((row) => row.projectId === projectId && row.written && row.contentHtml)
        .map(({ projectId: _, written: __, contentHtml, ...row }) => ({
          ...row,
          contentHtml: contentHtml!,
        }));
    },

    /** Stores what scoring measured, writing only the rows whose scores changed. */
    async setQuality(scores: PlacePageQuality[]): Promise<void> {
      for (let i = 0; i < scores.length; i += 2000) {
        const rows = scores.slice(i, i + 2000).map(scoreColumns);
        await db.execute(sql`
          update service_city_pages p set similarity = v.similarity, similar_to = v.similar_to,
            local_share = v.local_share, word_count = v.word_count,
            facts_stated = v.facts_stated, stuffing = v.stuffing
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as v(id uuid, similarity real, similar_to uuid, local_share real, word_count integer,
              facts_stated integer, stuffing integer)
          where p.id = v.id
            and (p.similarity, p.similar_to, p.local_share, p.word_count, p.facts_stated, p.stuffing)
              is distinct from
                (v.similarity, v.similar_to, v.local_share, v.word_count, v.facts_stated, v.stuffing)`);
      }
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
