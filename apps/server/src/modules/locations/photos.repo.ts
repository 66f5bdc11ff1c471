import { and, eq, inArray, isNull, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { cities } from '../../db/schema/index.ts';

/** Places' photos: the address given, the stored copy's file, or why there is none. Storage only. */
export function createPhotosRepo(db: Db) {
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

    /** Every place of the project showing the photo at `url` now shows the stored `file`. */
    async stored(projectId: string, url: string, file: string, tx: Executor = db) {
      await tx
        .update(cities)
        .set({ photoKey: file, photoNote: null })
        .where(and(eq(cities.projectId, projectId), eq(cities.photoUrl, url)));
    },

    /** The photo at `url` could not be taken, for this reason, for every place that gave it. */
    async refused(projectId: string, url: string, note: string, tx: Executor = db) {
      await tx
        .update(cities)
        .set({ photoKey: null, photoNote: note.slice(0, 500) })
        .where(and(eq(cities.projectId, projectId), eq(cities.photoUrl, url)));
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
