import { and, asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAGE_STATUS } from '@cityforge/shared';
import type { Db } from '../../db/client.ts';
import {
  cities,
  locationCounties,
  locationStates,
  pages,
  projects,
} from '../../db/schema/index.ts';
import { heldSql } from '../pages/quality-gate.ts';
import { isUuid } from '../../lib/uuid.ts';

export type CountyCount = {
  id: string;
  stateId: string;
  name: string;
  /** Its cities, those queued or being written, and the completed ones flagged too similar. */
  total: number;
  queued: number;
  similar: number;
  /** Its pages the quality gate holds back, and its written pages not scored yet. */
  held: number;
  scoring: number;
  /** Its failed pages: what Retry Project writes again. */
  failed: number;
};
type CountyTuple = [string, string, string, number, number, number, number, number, number];

/**
 * The detail screen's tree: places and per-county counts from one aggregate (a big project's
 * city rows are counted where they are, not read), and the cities of one county or of the whole
 * project with only what a city row shows.
 */
export function createLeanTreeRepo(db: Db) {
  const similar = alias(cities, 'similar');

  return {
    /** The pages without their content: the screen lists them, the editor reads the rest. */
    pageSummaries: (projectId: string) =>
      db
        .select({
          id: pages.id,
          kind: pages.kind,
          name: pages.name,
          slug: pages.slug,
          status: pages.status,
          failedAt: pages.failedAt,
          failureReason: pages.failureReason,
          model: pages.model,
          prompt: pages.prompt,
        })
        .from(pages)
        .where(eq(pages.projectId, projectId))
        .orderBy(asc(pages.sortOrder), asc(pages.createdAt)),

    states: (projectId: string) =>
      db
        .select({ id: locationStates.id, name: locationStates.name, code: locationStates.code })
        .from(locationStates)
        .where(eq(locationStates.projectId, projectId))
        .orderBy(asc(locationStates.name)),

    /**
     * Every county by name with its counts (`threshold`: the score regenerate-similar requeues
     * above). Answered as one JSON value: on the embedded database each row returned costs more
     * than the counting, and a big project has hundreds of counties.
     */
    async counties(projectId: string, threshold: number): Promise<CountyCount[]> {
      const n = db
        .select({
          countyId: cities.countyId,
          total: count().as('total'),
          queued:
            sql<number>`count(*) filter (where lower(${cities.status}) in ('queued', 'in progress'))`.as(
              'queued',
            ),
          similar:
            sql<number>`count(*) filter (where ${cities.status} = ${PAGE_STATUS.completed} and ${cities.similarity} > ${threshold})`.as(
              'too_similar',
            ),
          held: sql<number>`count(*) filter (where ${heldSql()})`.as('held'),
          scoring:
            sql<number>`count(*) filter (where ${cities.status} = ${PAGE_STATUS.completed} and (${cities.similarity} is null or ${cities.localShare} is null or ${cities.wordCount} is null))`.as(
              'scoring',
            ),
          failed: sql<number>`count(*) filter (where ${cities.status} = ${PAGE_STATUS.failed})`.as(
            'failed',
          ),
        })
        .from(cities)
        .innerJoin(projects, eq(projects.id, cities.projectId))
        .where(eq(cities.projectId, projectId))
        .groupBy(cities.countyId)
        .as('n');
      const c = locationCounties;
      const [row] = await db
        .select({
          list: sql<string>`coalesce(json_agg(json_build_array(${c.id}, ${c.stateId}, ${c.name}, coalesce(${n.total}, 0), coalesce(${n.queued}, 0), coalesce(${n.similar}, 0), coalesce(${n.held}, 0), coalesce(${n.scoring}, 0), coalesce(${n.failed}, 0)) order by ${c.name}, ${c.id}), '[]')::text`,
        })
        .from(c)
        .leftJoin(n, eq(n.countyId, c.id))
        .where(eq(c.projectId, projectId));
      const tuples = JSON.parse(row?.list ?? '[]') as CountyTuple[];
      return tuples.map(([id, stateId, name, total, queued, similar, held, scoring, failed]) => ({
        id,
        stateId,
        name,
        total,
        queued,
        similar,
        held,
        scoring,
        failed,
      }));
    },

    async findCounty(projectId: string, countyId: string) {
      if (!isUuid(countyId)) return null;
      const [row] = await db
        .select({ id: locationCounties.id })
        .from(locationCounties)
        .where(and(eq(locationCounties.projectId, projectId), eq(locationCounties.id, countyId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The project's cities (or one county's, or one city), by name, with their similar
     * sibling's name.
     */
    cities: (projectId: string, countyId?: string, cityId?: string) =>
      db
        .select({
          id: cities.id,
          countyId: cities.countyId,
          name: cities.name,
          zips: cities.zips,
          status: cities.status,
          failedAt: cities.failedAt,
          failureReason: cities.failureReason,
          similarity: cities.similarity,
          similarToName: similar.name,
          localShare: cities.localShare,
          wordCount: cities.wordCount,
          approvedAt: cities.approvedAt,
        })
        .from(cities)
        .leftJoin(similar, eq(similar.id, cities.similarTo))
        .where(
          and(
            eq(cities.projectId, projectId),
            countyId ? eq(cities.countyId, countyId) : undefined,
            cityId ? eq(cities.id, cityId) : undefined,
          ),
        )
        .orderBy(asc(cities.name)),
  };
}
export type LeanTreeRepo = ReturnType<typeof createLeanTreeRepo>;
