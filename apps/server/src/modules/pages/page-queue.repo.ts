import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import type { PgBoss } from 'pg-boss';
import { rowsOf, type Db } from '../../db/client.ts';
import { cities, serviceCityPages } from '../../db/schema/index.ts';
import { bossSchemaOf, QUEUES } from '../../jobs/boss.ts';
import { HELD_REASON, jobRefOf, tableOf, type JobRef, type Target } from './page-targets.ts';

const cityRef = jobRefOf(cities as unknown as Parameters<typeof jobRefOf>[0]);

/** Pages back to the queue to be written (again), and the queued pages whose job is to be sent. */
export function createPageQueueRepo(db: Db) {
  return {
    /** Failed pages (all of a project's, or the given ones) go back to the queue. */
    async requeueFailed(target: Target, projectId: string, ids?: string[]): Promise<JobRef[]> {
      const table = tableOf(target);
      return db
        .update(table)
        .set({
          status: PAGE_STATUS.queued,
          jobId: null,
          failedAt: null,
          failureReason: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(table.projectId, projectId),
            eq(table.status, PAGE_STATUS.failed),
            ids ? inArray(table.id, ids) : undefined,
          ),
        )
        .returning(jobRefOf(table));
    },

    /** A written page back to the queue to be written again (the editor's Regenerate page). */
    async requeueWritten(target: Target, projectId: string, id: string): Promise<JobRef | null> {
      const table = tableOf(target);
      const [row] = await db
        .update(table)
        .set({ status: PAGE_STATUS.queued, jobId: null, updatedAt: new Date() })
        .where(
          and(
            eq(table.projectId, projectId),
            eq(table.id, id),
            eq(table.status, PAGE_STATUS.completed),
            isNotNull(table.contentHtml),
          ),
        )
        .returning(jobRefOf(table));
      return row ?? null;
    },

    /** Queued pages of a project, e.g. to send their jobs again after a crash of the API. */
    queued(target: Target, projectId: string): Promise<JobRef[]> {
      const table = tableOf(target);
      return db
        .select(jobRefOf(table))
        .from(table)
        .where(and(eq(table.projectId, projectId), eq(table.status, PAGE_STATUS.queued)));
    },

    /**
     * Completed pages scored above the threshold (the project's gate's) go back to the queue
     * for a fresh wording.
     */
    async requeueTooSimilar(projectId: string, threshold: number): Promise<JobRef[]> {
      return db
        .update(cities)
        .set({
          status: PAGE_STATUS.queued,
          jobId: null,
          similarity: null,
          similarTo: null,
          revision: sql`${cities.revision} + 1`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(cities.projectId, projectId),
            eq(cities.status, PAGE_STATUS.completed),
            sql`${cities.similarity} > ${threshold}`,
          ),
        )
        .returning(cityRef);
    },

    /**
     * Written city pages (or service-city pages) marked as behind their facts go back to the
     * queue to be written with them (their mark goes when the rewrite is stored).
     */
    async requeueFactsChanged(
      projectId: string,
      target: 'city' | 'service-city' = 'city',
    ): Promise<JobRef[]> {
      const t = target === 'city' ? cities : serviceCityPages;
      return db
        .update(t)
        .set({ status: PAGE_STATUS.queued, jobId: null, updatedAt: new Date() })
        .where(
          and(
            eq(t.projectId, projectId),
            eq(t.status, PAGE_STATUS.completed),
            isNotNull(t.factsChangedAt),
          ),
        )
        .returning({ id: t.id, projectId: t.projectId, model: t.model });
    },

    /**
     * Site and city pages queued before `before` with no live job in the queue: their job
     * was lost to a crash between the page's transaction and the send.
     */
    async orphaned(boss: PgBoss, before: Date): Promise<Array<JobRef & { target: Target }>> {
      const found = await db.execute(sql`
        select t.target, t.id, t.project_id as "projectId", t.model from (
          select 'page' as target, id, project_id, model, updated_at, failure_reason from pages where status = ${PAGE_STATUS.queued}
          union all
          select 'city', id, project_id, model, updated_at, failure_reason from cities where status = ${PAGE_STATUS.queued}
          union all
          select 'service-city', id, project_id, model, updated_at, failure_reason from service_city_pages where status = ${PAGE_STATUS.queued}
        ) t
        where t.updated_at < ${before.toISOString()}::timestamptz
          and t.failure_reason is distinct from ${HELD_REASON}
          and not exists (
            select 1 from ${sql.identifier(bossSchemaOf(boss))}.job j
            where j.name = ${QUEUES.generatePage}
              and j.state in ('created', 'retry', 'active')
              and j.data->>'pageId' = t.id::text)`);
      return rowsOf<JobRef & { target: Target }>(found);
    },
  };
}
