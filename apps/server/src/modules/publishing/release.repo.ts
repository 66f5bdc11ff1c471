import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { projects, type ProjectRow } from '../../db/schema/index.ts';
import { createCityRowsRepo } from '../pages/index.ts';

/** Staged projects a batch can go out for: on a Netlify site, not paused. */
const releasable = () =>
  and(
    isNotNull(projects.releasePerDay),
    eq(projects.releasePaused, false),
    isNotNull(projects.netlifySiteId),
  );

/** The release state of city pages (staged releases). */
export function createReleaseRepo(db: Db) {
  const cityRows = createCityRowsRepo(db);
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
      return cityRows.releaseNext(tx, projectId, count, at);
    },

    /** Releases every waiting page at `at`. */
    async releaseAll(projectId: string, at: Date): Promise<number> {
      return cityRows.releaseAll(projectId, at);
    },

    /**
     * A deploy without staging puts every written page live: marks them so, so that turning
     * staging on later withdraws none of them. Their release time is their write time, which
     * keeps the sitemap's lastmod of such a site what it was. Only pages written by `builtFrom`
     * (when the deploy's build began): one written during the build is not in it.
     */
    async markDeployedUnstaged(projectId: string, builtFrom: Date): Promise<void> {
      await cityRows.markDeployedUnstaged(projectId, builtFrom);
    },
  };
}
export type ReleaseRepo = ReturnType<typeof createReleaseRepo>;
