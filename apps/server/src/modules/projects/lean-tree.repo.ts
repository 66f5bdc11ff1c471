import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAGE_STATUS, type TProjectGate } from '@cityforge/shared';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  cities,
  cityFacts,
  locationCounties,
  locationStates,
  pages,
} from '../../db/schema/index.ts';
import { heldSql } from '../pages/index.ts';
import { factCountSql } from './fact-counts.ts';
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

/** A city's service-city pages, as one JSON list (the services' order): none for most cities. */
export type ServiceCityJson = {
  id: string;
  service: string;
  slug: string;
  status: string;
  similarity: number | null;
  localShare: number | null;
  wordCount: number | null;
  stuffing: number | null;
  factsStated: number | null;
  approved: boolean;
};
const serviceCityJson = sql<ServiceCityJson[]>`coalesce((
  select json_agg(json_build_object('id', s.id, 'service', p.name, 'slug', p.slug,
      'status', s.status, 'similarity', s.similarity, 'localShare', s.local_share,
      'wordCount', s.word_count, 'stuffing', s.stuffing, 'factsStated', s.facts_stated,
      'approved', s.approved_at is not null) order by p.sort_order, p.name)
    from service_city_pages s join pages p on p.id = s.service_page_id
    where s.city_id = ${cities.id}), '[]'::json)`;

/** Facts read to name a project's fact columns: a few cities' worth. */
const FACT_NAME_SAMPLE = 400;

/** The buckets a city is counted in (a sum of these): see `counties`. */
const COUNT_BITS = { similar: 1, held: 2, scoring: 4, queued: 8, failed: 16 } as const;

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
     * Every county by name with its counts under the project's quality `gate` (its
     * maxSimilarity is also where regenerate-similar requeues above). Each city falls in one
     * bucket, a sum of COUNT_BITS, and the database counts cities per county and bucket: one
     * CASE a row where six filtered counts cost twice as much on the embedded database. Answered
     * as one JSON value: there each row returned costs more than the counting, and a big project
     * has hundreds of counties.
     */
    async counties(projectId: string, gate: TProjectGate): Promise<CountyCount[]> {
      const { failed, queued, similar, held, scoring } = COUNT_BITS;
      const bucket = sql`case
        when ${cities.status} = ${PAGE_STATUS.completed} then
          (case when ${cities.similarity} > ${gate.maxSimilarity}::real then ${sql.raw(String(similar))} else 0 end)
          + (case
            when ${cities.similarity} is null or ${cities.localShare} is null or ${cities.wordCount} is null then ${sql.raw(String(scoring))}
            when ${heldSql({ gate })} then ${sql.raw(String(held))}
            else 0 end)
        when ${cities.status} = ${PAGE_STATUS.failed} then ${sql.raw(String(failed))}
        when lower(${cities.status}) in ('queued', 'in progress') then ${sql.raw(String(queued))}
        else 0 end`;
      const buckets = db
        .select({ countyId: cities.countyId, bucket: sql<number>`${bucket}`.as('bucket') })
        .from(cities)
        .where(eq(cities.projectId, projectId))
        .as('b');
      const counted = db
        .select({
          countyId: buckets.countyId,
          bucket: buckets.bucket,
          n: sql<number>`count(*)::int`.as('n'),
        })
        .from(buckets)
        .groupBy(buckets.countyId, buckets.bucket)
        .as('n');
      const c = locationCounties;
      const [row] = rowsOf<{ tree: string }>(
        await db.execute(sql`select json_build_array(
          (select coalesce(json_agg(json_build_array(${c.id}, ${c.stateId}, ${c.name}) order by ${c.name}, ${c.id}), '[]')
            from ${c} where ${c.projectId} = ${projectId}),
          (select coalesce(json_agg(json_build_array(${counted.countyId}, ${counted.bucket}, ${counted.n})), '[]')
            from ${counted}))::text as tree`),
      );
      const [list, counts] = JSON.parse(row?.tree ?? '[[],[]]') as [
        Array<[string, string, string]>,
        Array<[string, number, number]>,
      ];
      const byCounty = new Map<string, CountyCount>(
        list.map(([id, stateId, name]) => [
          id,
          { id, stateId, name, total: 0, queued: 0, similar: 0, held: 0, scoring: 0, failed: 0 },
        ]),
      );
      for (const [countyId, bits, n] of counts) {
        const county = byCounty.get(countyId);
        if (!county) continue;
        county.total += n;
        if (bits & queued) county.queued += n;
        if (bits & similar) county.similar += n;
        if (bits & held) county.held += n;
        if (bits & scoring) county.scoring += n;
        if (bits & failed) county.failed += n;
      }
      return [...byCounty.values()];
    },

    /**
     * The names of the facts the project's places have, in the sheet's column order, read from
     * a sample of its facts (every city of a sheet has the same columns): the screen names
     * them in "add a Jobs completed or Customer quote for Kyle", and the gate holds pages
     * without proof only when there are any.
     */
    async factNames(projectId: string, max = 3): Promise<string[]> {
      const rows = await db
        .select({ name: cityFacts.name, key: cityFacts.key, position: cityFacts.position })
        .from(cityFacts)
        .where(eq(cityFacts.projectId, projectId))
        .limit(FACT_NAME_SAMPLE);
      const byKey = new Map<string, { name: string; position: number }>();
      for (const row of rows) {
        const seen = byKey.get(row.key);
        if (!seen || row.position < seen.position) byKey.set(row.key, row);
      }
      return [...byKey.values()]
        .sort((a, b) => a.position - b.position)
        .slice(0, max)
        .map((f) => f.name);
    },

    /**
     * How many of the project's places have facts ("38 of 120 city pages have local proof"),
     * and how many written city pages and service-city pages are marked as behind theirs.
     */
    async factTotals(projectId: string) {
      const [row] = rowsOf<{ withFacts: number; changed: number; servicesChanged: number }>(
        await db.execute(sql`select
          (select count(distinct city_id)::int from city_facts where project_id = ${projectId}) as "withFacts",
          (select count(*)::int from ${cities}
            where ${cities.projectId} = ${projectId} and ${cities.factsChangedAt} is not null) as "changed",
          (select count(*)::int from service_city_pages
            where project_id = ${projectId} and facts_changed_at is not null) as "servicesChanged"`),
      );
      return row ?? { withFacts: 0, changed: 0, servicesChanged: 0 };
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
     * sibling's name and how many facts their places have.
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
          factsStated: cities.factsStated,
          stuffing: cities.stuffing,
          approvedAt: cities.approvedAt,
          factCount: factCountSql(),
          factsChanged: sql<boolean>`${cities.factsChangedAt} is not null`,
          servicePages: serviceCityJson,
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
