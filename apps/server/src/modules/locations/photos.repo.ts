import { and, eq, inArray, isNull, isNotNull, sql } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import { cities } from '../../db/schema/index.ts';
import type { JobRef } from '../pages/index.ts';
import { createCityRowsRepo } from '../pages/index.ts';

/** Places' photos: the address given, the stored copy's file, or why there is none. Storage only. */
export function createPhotosRepo(db: Db) {
  const cityRows = createCityRowsRepo(db);
  return {
    /**
     * The photo addresses of these places still without a copy: the ones to fetch. One that
     * failed before is tried again (its host may be up, its file public by now); a job
     * already on its way for one is not sent twice (the queue keeps one per address).
     */
    async toFetch(
      projectId: string,
      where: { placeKeys: readonly string[] } | { cityIds: readonly string[] },
      tx: Executor = db,
    ): Promise<string[]> {
      const scope =
        'placeKeys' in where
          ? inArray(cities.placeKey, [...where.placeKeys])
          : inArray(cities.id, [...where.cityIds]);
      if (('placeKeys' in where ? where.placeKeys : where.cityIds).length === 0) return [];
      const rows = await tx
        .selectDistinct({ url: cities.photoUrl })
        .from(cities)
        .where(
          and(
            eq(cities.projectId, projectId),
            scope,
            isNotNull(cities.photoUrl),
            isNull(cities.photoKey),
          ),
        );
      return rows.map((r) => r.url!);
    },

    /**
     * Every place of the project showing the photo at `url` now shows the stored `file`; a page
     * already written without it is marked, like one whose facts changed.
     */
    async stored(projectId: string, url: string, file: string, tx: Executor = db) {
      await cityRows.photoStored(projectId, url, file, tx);
    },

    /** Of these places, the ones whose photo is still to be fetched: their pages wait for it. */
    async awaitingPhoto(projectId: string, cityIds: readonly string[], tx: Executor = db) {
      if (!cityIds.length) return new Set<string>();
      const rows = await tx
        .select({ id: cities.id })
        .from(cities)
        .where(
          and(
            eq(cities.projectId, projectId),
            inArray(cities.id, [...cityIds]),
            isNotNull(cities.photoUrl),
            isNull(cities.photoKey),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    /** Queued pages of the places showing the photo at `url` that wait for it (no job yet). */
    async waitingOn(projectId: string, url: string, tx: Executor = db): Promise<JobRef[]> {
      return tx
        .select({ id: cities.id, projectId: cities.projectId, model: cities.model })
        .from(cities)
        .where(
          and(
            eq(cities.projectId, projectId),
            eq(cities.photoUrl, url),
            eq(cities.status, PAGE_STATUS.queued),
            isNull(cities.jobId),
          ),
        );
    },

    /** The photo at `url` could not be taken, for this reason, for every place that gave it. */
    async refused(projectId: string, url: string, note: string, tx: Executor = db) {
      await cityRows.photoRefused(projectId, url, note, tx);
    },

    /** Whether a place of the project still gives this address (the job may be stale). */
    async wanted(projectId: string, url: string, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ one: sql<number>`1` })
        .from(cities)
        .where(and(eq(cities.projectId, projectId), eq(cities.photoUrl, url)))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type PhotosRepo = ReturnType<typeof createPhotosRepo>;
