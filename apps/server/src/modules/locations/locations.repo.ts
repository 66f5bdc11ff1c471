import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import { scoredPlace, withCityPlace } from '../../db/city-place.ts';
import {
  cities,
  locationCounties,
  locationStates,
  pages,
  projects,
  type CityRow,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';
import { citiesPastSeats } from './city-seats.ts';
import { insertCities, mergeExtras, mergeZips, rewrite, type CityToStore } from './upload-merge.ts';
import type { Faq } from '@cityforge/shared/html';
import { createCityRowsRepo, scoreColumns, type PlacePageQuality } from '../pages/index.ts';

export type StateRow = typeof locationStates.$inferSelect;
export type CountyRow = typeof locationCounties.$inferSelect;
export type { CityToStore, NewCity } from './upload-merge.ts';

// A multi-row insert carries every column as a parameter; PostgreSQL allows 65,535.
const CHUNK = 1000;
const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) =>
    rows.slice(i * CHUNK, (i + 1) * CHUNK),
  );

/** Scores stored per statement (their FAQs are most of each row's JSON). */
const QUALITY_CHUNK = 250;

/** States, counties and cities of a project: storage only, the rules live in the services. */
export function createLocationsRepo(db: Db) {
  const cityRows = createCityRowsRepo(db);
  return {
    /**
     * Fresh planner statistics for the location tables (ANALYZE samples them; it blocks no
     * reads or writes). The embedded database runs no autovacuum, so without this its planner
     * never learns how many cities there are; on PostgreSQL it spares the wait for
     * autovacuum's analyze, a minute or more after a big import.
     */
    async refreshStatistics() {
      await db.execute(sql`analyze ${cities}, ${locationCounties}, ${locationStates}`);
    },
    /**
     * Adds what is new and merges what exists: states and counties by name, cities by the
     * place they resolved to (an existing city gains the upload's ZIP codes, and its page is
     * written again when the upload brings new instructions: `rewritten`). Returns the cities
     * added; run inside the upload's transaction so a failure leaves nothing behind.
     */
    async store(projectId: string, rows: CityToStore[], tx: Executor) {
      const states = new Map<string, StateRow>();
      const stateRows = [...new Map(rows.map((r) => [r.state.code, r.state])).values()];
      for (const part of chunks(stateRows))
        await tx
          .insert(locationStates)
          .values(part.map((s) => ({ projectId, ...s })))
          .onConflictDoNothing();
      for (const s of await tx
        .select()
        .from(locationStates)
        .where(eq(locationStates.projectId, projectId)))
        states.set(s.code, s);

      const countyKey = (stateId: string, name: string) => `${stateId}|${name}`;
      const countyRows = new Map<string, typeof locationCounties.$inferInsert>();
      for (const r of rows) {
        const stateId = states.get(r.state.code)!.id;
        countyRows.set(countyKey(stateId, r.county.name), { projectId, stateId, ...r.county });
      }
      for (const part of chunks([...countyRows.values()]))
        await tx.insert(locationCounties).values(part).onConflictDoNothing();
      const counties = new Map<string, CountyRow>();
      for (const c of await tx
        .select()
        .from(locationCounties)
        .where(eq(locationCounties.projectId, projectId)))
        counties.set(countyKey(c.stateId, c.name), c);

      const values = rows.map((r) => ({
        ...r.city,
        projectId,
        placeKey: r.placeKey,
        countyId: counties.get(countyKey(states.get(r.state.code)!.id, r.county.name))!.id,
      }));
      const added: Awaited<ReturnType<typeof insertCities>> = [];
      for (const part of chunks(values)) added.push(...(await insertCities(part, tx)));

      const addedKeys = new Set(added.map((c) => c.placeKey));
      const existing = rows.filter((r) => !addedKeys.has(r.placeKey));
      return {
        added,
        existing: existing.length,
        zipsChanged: await mergeZips(projectId, existing, tx),
        extrasChanged: await mergeExtras(projectId, existing, tx),
        rewritten: await rewrite(projectId, rows, tx),
      };
    },

    /** Every city's place and slug, by `${state code}|${county name}`, for unique slugs. */
    async citySlugs(projectId: string) {
      return withCityPlace(
        db
          .select({
            key: cities.placeKey,
            slug: cities.slug,
            countyKey: sql<string>`${locationStates.code} || '|' || ${locationCounties.name}`,
          })
          .from(cities)
          .$dynamic(),
      ).where(eq(cities.projectId, projectId));
    },

    async states(projectId: string) {
      return db
        .select({
          id: locationStates.id,
          code: locationStates.code,
          name: locationStates.name,
          slug: locationStates.slug,
          // Drizzle writes the outer column unqualified here, which the subqueries would shadow.
          counties: sql<number>`(select count(*)::int from location_counties k where k.state_id = location_states.id)`,
          cities: sql<number>`(select count(*)::int from cities c join location_counties k on k.id = c.county_id where k.state_id = location_states.id)`,
        })
        .from(locationStates)
        .where(eq(locationStates.projectId, projectId))
        .orderBy(asc(locationStates.name));
    },

    async findState(projectId: string, stateId: string): Promise<StateRow | null> {
      if (!isUuid(stateId)) return null;
      const [row] = await db
        .select()
        .from(locationStates)
        .where(and(eq(locationStates.projectId, projectId), eq(locationStates.id, stateId)))
        .limit(1);
      return row ?? null;
    },

    async countiesOf(stateId: string) {
      return db
        .select({
          id: locationCounties.id,
          name: locationCounties.name,
          slug: locationCounties.slug,
          cities: count(cities.id),
        })
        .from(locationCounties)
        .leftJoin(cities, eq(cities.countyId, locationCounties.id))
        .where(eq(locationCounties.stateId, stateId))
        .groupBy(locationCounties.id)
        .orderBy(asc(locationCounties.name));
    },

    /** A county of the project with its state. */
    async findCounty(projectId: string, countyId: string) {
      if (!isUuid(countyId)) return null;
      const [row] = await db
        .select({ county: locationCounties, state: locationStates })
        .from(locationCounties)
        .innerJoin(locationStates, eq(locationStates.id, locationCounties.stateId))
        .where(and(eq(locationCounties.projectId, projectId), eq(locationCounties.id, countyId)))
        .limit(1);
      return row ?? null;
    },

    citiesOf(countyId: string): Promise<CityRow[]> {
      return db
        .select()
        .from(cities)
        .where(eq(cities.countyId, countyId))
        .orderBy(asc(cities.name));
    },

    /**
     * A city of the project with its county and state, and whether it is past its county's
     * seats (its page then sits in a subfolder of the county's: city-seats.ts).
     */
    async findCity(projectId: string, cityId: string) {
      if (!isUuid(cityId)) return null;
      const [row] = await withCityPlace(
        db
          .select({ city: cities, county: locationCounties, state: locationStates })
          .from(cities)
          .$dynamic(),
      )
        .where(and(eq(cities.projectId, projectId), eq(cities.id, cityId)))
        .limit(1);
      if (!row) return null;
      const past = await citiesPastSeats(db, { cityIds: [cityId] });
      return { ...row, overflow: past.length > 0 };
    },

    /** Which of these cities, or of these counties' cities, are past their county's seats. */
    citiesPastSeats: (where: { countyIds: string[] } | { cityIds: string[] }) =>
      citiesPastSeats(db, where),

    /**
     * The project's cities nearest to a point, nearest first, with what a link to each needs.
     * An equirectangular distance orders correctly at these ranges and needs no extension.
     */
    async nearest(
      projectId: string,
      from: { id: string; latitude: number; longitude: number },
      k: number,
    ) {
      const cosLat = Math.cos((from.latitude * Math.PI) / 180);
      return withCityPlace(
        db
          .select({
            id: cities.id,
            name: cities.name,
            slug: cities.slug,
            latitude: cities.latitude,
            longitude: cities.longitude,
            countySlug: locationCounties.slug,
            stateSlug: locationStates.slug,
            stateCode: locationStates.code,
          })
          .from(cities)
          .$dynamic(),
      )
        .where(
          and(
            eq(cities.projectId, projectId),
            sql`${cities.id} <> ${from.id}`,
            sql`${cities.latitude} is not null`,
          ),
        )
        .orderBy(
          sql`power(${cities.latitude} - ${from.latitude}, 2) + power((${cities.longitude} - ${from.longitude}) * ${cosLat}, 2)`,
        )
        .limit(k);
    },

    /** The homepage's written content alone: city pages list the services it names. */
    async homepageContent(projectId: string): Promise<unknown> {
      const [row] = await db
        .select({ content: pages.content })
        .from(pages)
        .where(and(eq(pages.projectId, projectId), eq(pages.kind, 'homepage')))
        .limit(1);
      return row?.content ?? null;
    },

    async countyCityCount(countyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(cities)
        .where(eq(cities.countyId, countyId));
      return row?.n ?? 0;
    },

    /**
     * The places of a project's written city pages, by id from just after `after`: what the
     * scoring indexes before it reads any page (the names a sentence could list or a county
     * holds). Read a slice at a time, so no one read holds the database for long.
     */
    scoringPlaces(projectId: string, after: string | null, limit: number) {
      return withCityPlace(
        db
          .select({
            id: cities.id,
            name: cities.name,
            countyId: cities.countyId,
            county: locationCounties.name,
            stateName: locationStates.name,
          })
          .from(cities)
          .$dynamic(),
      )
        .where(
          and(
            eq(cities.projectId, projectId),
            eq(cities.status, PAGE_STATUS.completed),
            after ? gt(cities.id, after) : undefined,
          ),
        )
        .orderBy(asc(cities.id))
        .limit(limit);
    },

    /** Those of `ids` that are written city pages of the project, with what scoring reads. */
    scoringPages(projectId: string, ids: readonly string[]) {
      if (!ids.length) return Promise.resolve([]);
      return withCityPlace(
        db
          .select({
            id: cities.id,
            prompt: cities.prompt,
            contentHtml: cities.contentHtml,
            contentHash: cities.contentHash,
            countyId: cities.countyId,
            ...scoredPlace,
          })
          .from(cities)
          .$dynamic(),
      ).where(
        and(
          eq(cities.projectId, projectId),
          eq(cities.status, PAGE_STATUS.completed),
          inArray(cities.id, [...ids]),
        ),
      );
    },

    /**
     * Projects with written city pages not (fully) scored and nothing left to write: scores
     * lost to a crash, or pages written before a measure existed.
     */
    async unscoredProjects(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: cities.projectId })
        .from(cities)
        .innerJoin(projects, eq(projects.id, cities.projectId))
        .where(
          and(
            eq(cities.status, PAGE_STATUS.completed),
            or(
              isNull(cities.localShare),
              isNull(cities.wordCount),
              isNull(cities.similarity),
              // Scored before the scoring kept the FAQs (a build reads them from the markup).
              isNull(cities.faqsHash),
              // Scored before the gate read first-hand facts and lists of places.
              isNull(cities.factsStated),
              isNull(cities.stuffing),
            ),
            // A project still writing is scored when it settles.
            sql`lower(${projects.status}) <> 'in progress'`,
          ),
        );
      return rows.map((r) => r.id);
    },

    /**
     * Stores the scores, writing only the rows whose scores changed: a project is rescored
     * after every saved edit, and rewriting its thousands of unchanged rows made as many dead
     * row versions each time (which the embedded database never vacuums).
     */
    async setQuality(scores: PageQuality[]): Promise<void> {
      // A few hundred rows a statement: each is one short hold of the database (and, embedded,
      // of the thread that answers requests), however many pages the project has.
      for (let i = 0; i < scores.length; i += QUALITY_CHUNK) {
        const part = scores.slice(i, i + QUALITY_CHUNK);
        const rows = part.map((s) => ({ ...scoreColumns(s), faqs: s.faqs, faqs_hash: s.faqsHash }));
        await cityRows.storeScores(rows);
      }
    },
  };
}
export type LocationsRepo = ReturnType<typeof createLocationsRepo>;

/**
 * What scoring measured of a city page (see similarity.ts and page-substance.ts): what it
 * measures of every page of a place, and the FAQs the page shows, read with the scoring, with
 * the content hash they were read from.
 */
export type PageQuality = PlacePageQuality & { faqs: Faq[]; faqsHash: string | null };
