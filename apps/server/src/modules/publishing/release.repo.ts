import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { cities, projects, type ProjectRow } from '../../db/schema/index.ts';
import { writtenCitySql } from '../pages/index.ts';

/** Staged projects a batch can go out for: on a Netlify site, not paused. */
const releasable = () =>
  and(
    isNotNull(projects.releasePerDay),
    eq(projects.releasePaused, false),
    isNotNull(projects.netlifySiteId),
  );

/** Written pages still waiting for their batch. */
const waiting = (projectId: string) =>
  and(eq(cities.projectId, projectId), isNull(cities.releasedAt), writtenCitySql());

/** The release state of city pages (staged releases). */
export function createReleaseRepo(db: Db) {
  return {
    /** Projects whose next batch is due at `now`, the longest waiting first. */
    dueProjects(now: Date, limit = 100): Promise<ProjectRow[]> {
      return db
        .select()
        .from(projects)
        .where(and(releasable(), lte(projects.nextReleaseAt, now)))
        .orderBy(asc(projects.nextReleaseAt))
        .limit(limit);
    },

    /**
     * Takes the project's due batch for this caller: moves its next release to `next` only
     * while it is still due, so of two workers ticking together one gets it and the other
     * finds it no longer due (PostgreSQL re-reads the row the first one updated). Answers how
     * many pages the batch holds, or null when it was not (or no longer) due.
     */
    async claim(tx: Executor, projectId: string, now: Date, next: Date): Promise<number | null> {
      const [row] = await tx
        .update(projects)
        .set({ nextReleaseAt: next })
        .where(and(eq(projects.id, projectId), releasable(), lte(projects.nextReleaseAt, now)))
        .returning({ perDay: projects.releasePerDay });
      return row?.perDay ?? null;
    },

    /**
     * Releases the next `count` waiting pages at `at`: in the order they were uploaded, and
     * within one upload by name (an upload's rows share their creation time).
     */
    async releaseNext(tx: Executor, projectId: string, count: number, at: Date): Promise<number> {
      const batch = tx
        .select({ id: cities.id })
        .from(cities)
        .where(waiting(projectId))
        .orderBy(asc(cities.createdAt), asc(cities.name), asc(cities.id))
        .limit(count);
      const rows = await tx
        .update(cities)
        .set({ releasedAt: at })
        .where(inArray(cities.id, batch))
        .returning({ id: cities.id });
      return rows.length;
    },

    /** Releases every waiting page at `at`. */
    async releaseAll(projectId: string, at: Date): Promise<number> {
      const rows = await db
        .update(cities)
        .set({ releasedAt: at })
        .where(waiting(projectId))
        .returning({ id: cities.id });
      return rows.length;
    },

    /**
     * A deploy without staging puts every written page live: marks them so, so that turning
     * staging on later withdraws none of them. Their release time is their write time, which
     * keeps the sitemap's lastmod of such a site what it was. Only pages written by `builtFrom`
     * (when the deploy's build began): one written during the build is not in it.
     */
    async markDeployedUnstaged(projectId: string, builtFrom: Date): Promise<void> {
      await db
        .update(cities)
        .set({ releasedAt: sql`${cities.updatedAt}` })
        .where(
          and(
            waiting(projectId),
            lte(cities.updatedAt, builtFrom),
            sql`exists (select 1 from ${projects} where ${projects.id} = ${projectId} and ${projects.releasePerDay} is null)`,
          ),
        );
    },
  };
}
export type ReleaseRepo = ReturnType<typeof createReleaseRepo>;
