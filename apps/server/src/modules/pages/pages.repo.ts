import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import type { PgBoss } from 'pg-boss';
import type { Db, Executor } from '../../db/client.ts';
import { cities, pages, projects, type PageRow } from '../../db/schema/index.ts';
import { bossSchemaOf, QUEUES } from '../../jobs/boss.ts';

export type NewPage = typeof pages.$inferInsert;
/** What a generation job writes: a site page, or a city page. */
export type Target = 'page' | 'city';

const UNSETTLED = [PAGE_STATUS.queued, PAGE_STATUS.inProgress];

// City pages go through the same state machine as site pages. Every column these statements
// touch (id, project, status, job, failure, content, meta tags, updated) exists alike on both
// tables, so one set of statements serves both.
type StateTable = typeof pages;
/** What sending a page's job needs. */
export type JobRef = { id: string; projectId: string; model: string };
const tableOf = (target: Target): StateTable =>
  target === 'city' ? (cities as unknown as StateTable) : pages;

/**
 * Page state changes. Every write is conditional on the state it expects, so a duplicate or
 * late job can never overwrite a page another job owns or has already finished.
 */
export function createPagesRepo(db: Db) {
  const claim = (table: StateTable, id: string, jobId: string) =>
    db
      .update(table)
      .set({
        status: PAGE_STATUS.inProgress,
        jobId,
        failedAt: null,
        failureReason: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(table.id, id),
          sql`(${table.status} = ${PAGE_STATUS.queued} or (${table.jobId} = ${jobId} and ${table.status} = ${PAGE_STATUS.inProgress}))`,
        ),
      );

  return {
    /** Idempotent: a page that already exists (same kind and slug) is left as it is. */
    async insertPages(rows: NewPage[], tx: Executor = db): Promise<PageRow[]> {
      if (!rows.length) return [];
      return tx.insert(pages).values(rows).onConflictDoNothing().returning();
    },

    /** Takes a queued page for a job (answering it); the same job may take it again after a crash. */
    async claimPage(pageId: string, jobId: string): Promise<PageRow | null> {
      const [row] = await claim(pages, pageId, jobId).returning();
      return row ?? null;
    },

    /** The same for a city page; the worker reads the city with its county and state next. */
    async claimCity(cityId: string, jobId: string): Promise<boolean> {
      const table = tableOf('city');
      return (await claim(table, cityId, jobId).returning({ id: table.id })).length > 0;
    },

    async complete(
      target: Target,
      pageId: string,
      jobId: string,
      result: { content: unknown; contentHtml: string; metaTags: string },
      tx: Executor = db,
    ): Promise<boolean> {
      const pages = tableOf(target);
      const rows = await tx
        .update(pages)
        .set({ ...result, status: PAGE_STATUS.completed, updatedAt: new Date() })
        .where(and(eq(pages.id, pageId), eq(pages.jobId, jobId)))
        .returning({ id: pages.id });
      return rows.length > 0;
    },

    async fail(
      target: Target,
      pageId: string,
      jobId: string | null,
      reason: string,
    ): Promise<boolean> {
      const pages = tableOf(target);
      const rows = await db
        .update(pages)
        .set({
          status: PAGE_STATUS.failed,
          failedAt: new Date(),
          failureReason: reason.slice(0, 1000),
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(pages.id, pageId),
            jobId
              ? eq(pages.jobId, jobId)
              : inArray(pages.status, [PAGE_STATUS.queued, PAGE_STATUS.inProgress]),
          ),
        )
        .returning({ id: pages.id });
      return rows.length > 0;
    },

    /** Back to the queue after a rate limit: the next job claims it afresh. */
    async release(target: Target, pageId: string, jobId: string): Promise<void> {
      const pages = tableOf(target);
      await db
        .update(pages)
        .set({ status: PAGE_STATUS.queued, jobId: null, updatedAt: new Date() })
        .where(and(eq(pages.id, pageId), eq(pages.jobId, jobId)));
    },

    /** Failed pages (all of a project's, or the given ones) go back to the queue. */
    async requeueFailed(target: Target, projectId: string, ids?: string[]): Promise<JobRef[]> {
      const pages = tableOf(target);
      return db
        .update(pages)
        .set({
          status: PAGE_STATUS.queued,
          jobId: null,
          failedAt: null,
          failureReason: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(pages.projectId, projectId),
            eq(pages.status, PAGE_STATUS.failed),
            ids ? inArray(pages.id, ids) : undefined,
          ),
        )
        .returning({ id: pages.id, projectId: pages.projectId, model: pages.model });
    },

    /** Queued pages of a project, e.g. to send their jobs again after a crash of the API. */
    queued(target: Target, projectId: string): Promise<JobRef[]> {
      const pages = tableOf(target);
      return db
        .select({ id: pages.id, projectId: pages.projectId, model: pages.model })
        .from(pages)
        .where(and(eq(pages.projectId, projectId), eq(pages.status, PAGE_STATUS.queued)));
    },

    async setProjectInProgress(projectId: string, tx: Executor = db): Promise<void> {
      await tx
        .update(projects)
        .set({ status: PROJECT_STATUS.inProgress, updatedAt: new Date() })
        .where(eq(projects.id, projectId));
    },

    /**
     * In progress → Created (or Error when a page failed) once nothing is left to write.
     * Run after the page's own write has committed, so of two pages finishing together the
     * later one always sees both and settles the project.
     */
    async settleProject(projectId: string): Promise<string | null> {
      const result = await db.execute(sql`
        update projects set
          status = case when exists (
            select 1 from pages where project_id = ${projectId} and status = ${PAGE_STATUS.failed}
            union all
            select 1 from cities where project_id = ${projectId} and status = ${PAGE_STATUS.failed}
          ) then ${PROJECT_STATUS.error} else ${PROJECT_STATUS.created} end,
          updated_at = now()
        where id = ${projectId}
          and lower(status) = 'in progress'
          and not exists (
            select 1 from pages where project_id = ${projectId} and status in (${sql.join(
              UNSETTLED.map((s) => sql`${s}`),
              sql`, `,
            )})
            union all
            select 1 from cities where project_id = ${projectId} and status in (${sql.join(
              UNSETTLED.map((s) => sql`${s}`),
              sql`, `,
            )})
          )
        returning status`);
      const rows = (result as unknown as { rows: Array<{ status: string }> }).rows;
      return rows[0]?.status ?? null;
    },
    /** Completed pages scored above the threshold go back to the queue for a fresh wording. */
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
        .returning({ id: cities.id, projectId: cities.projectId, model: cities.model });
    },

    /**
     * Site and city pages queued before `before` with no live job in the queue: their job
     * was lost to a crash between the page's transaction and the send.
     */
    async orphaned(boss: PgBoss, before: Date): Promise<Array<JobRef & { target: Target }>> {
      const found = await db.execute(sql`
        select t.target, t.id, t.project_id as "projectId", t.model from (
          select 'page' as target, id, project_id, model, updated_at from pages where status = ${PAGE_STATUS.queued}
          union all
          select 'city', id, project_id, model, updated_at from cities where status = ${PAGE_STATUS.queued}
        ) t
        where t.updated_at < ${before.toISOString()}::timestamptz
          and not exists (
            select 1 from ${sql.identifier(bossSchemaOf(boss))}.job j
            where j.name = ${QUEUES.generatePage}
              and j.state in ('created', 'retry', 'active')
              and j.data->>'pageId' = t.id::text)`);
      return (found as unknown as { rows: Array<JobRef & { target: Target }> }).rows;
    },

    /** Projects that say In progress, which settleProject may find have nothing left to write. */
    async inProgressProjects(): Promise<string[]> {
      const busy = await db.execute(
        sql`select id from projects where lower(status) = ${PROJECT_STATUS.inProgress.toLowerCase()}`,
      );
      return (busy as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
    },
  };
}
export type PagesRepo = ReturnType<typeof createPagesRepo>;
