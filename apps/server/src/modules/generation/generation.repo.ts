import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import { aiUsage, pages, projects, type PageRow } from '../../db/schema/index.ts';

export type NewPage = typeof pages.$inferInsert;
export type NewUsage = typeof aiUsage.$inferInsert;

const UNSETTLED = [PAGE_STATUS.queued, PAGE_STATUS.inProgress];

/**
 * Page state changes. Every write is conditional on the state it expects, so a duplicate or
 * late job can never overwrite a page another job owns or has already finished.
 */
export function createGenerationRepo(db: Db) {
  return {
    /** Idempotent: a page that already exists (same kind and slug) is left as it is. */
    async insertPages(rows: NewPage[], tx: Executor = db): Promise<PageRow[]> {
      if (!rows.length) return [];
      return tx.insert(pages).values(rows).onConflictDoNothing().returning();
    },

    async findPage(pageId: string): Promise<PageRow | null> {
      const [row] = await db.select().from(pages).where(eq(pages.id, pageId)).limit(1);
      return row ?? null;
    },

    /** Takes a queued page for a job; the same job may take it again after a crash. */
    async claim(pageId: string, jobId: string): Promise<PageRow | null> {
      const [row] = await db
        .update(pages)
        .set({
          status: PAGE_STATUS.inProgress,
          jobId,
          failedAt: null,
          failureReason: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(pages.id, pageId),
            sql`(${pages.status} = ${PAGE_STATUS.queued} or (${pages.jobId} = ${jobId} and ${pages.status} = ${PAGE_STATUS.inProgress}))`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async complete(
      pageId: string,
      jobId: string,
      result: { content: unknown; contentHtml: string; metaTags: string },
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(pages)
        .set({ ...result, status: PAGE_STATUS.completed, updatedAt: new Date() })
        .where(and(eq(pages.id, pageId), eq(pages.jobId, jobId)))
        .returning({ id: pages.id });
      return rows.length > 0;
    },

    async fail(pageId: string, jobId: string | null, reason: string): Promise<boolean> {
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
    async release(pageId: string, jobId: string): Promise<void> {
      await db
        .update(pages)
        .set({ status: PAGE_STATUS.queued, jobId: null, updatedAt: new Date() })
        .where(and(eq(pages.id, pageId), eq(pages.jobId, jobId)));
    },

    /** Failed pages (all of a project's, or the given ones) go back to the queue. */
    async requeueFailed(projectId: string, pageIds?: string[]): Promise<PageRow[]> {
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
            pageIds ? inArray(pages.id, pageIds) : undefined,
          ),
        )
        .returning();
    },

    /** Queued pages of a project, e.g. to send their jobs again after a crash of the API. */
    queued(projectId: string): Promise<PageRow[]> {
      return db
        .select()
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

    async recordUsage(row: NewUsage): Promise<void> {
      await db.insert(aiUsage).values(row);
    },
  };
}
export type GenerationRepo = ReturnType<typeof createGenerationRepo>;
