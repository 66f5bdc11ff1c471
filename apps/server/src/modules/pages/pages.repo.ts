import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { MSG, PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import type { PgBoss } from 'pg-boss';
import { rowsOf, type Db, type Executor } from '../../db/client.ts';
import { cities, pages, projects, serviceCityPages, type PageRow } from '../../db/schema/index.ts';
import { bossSchemaOf, QUEUES } from '../../jobs/boss.ts';
import type { SectionPrints } from './section-prints.ts';

export type NewPage = typeof pages.$inferInsert;
/** What a generation job writes: a site page, a city page, or a service's page for a city. */
export type Target = 'page' | 'city' | 'service-city';

/**
 * A page a monthly spending cap holds back: queued, without a job, and this reason. It waits
 * for the cap to be raised or the month to turn (generation's cap-resume), so it neither keeps
 * its project In progress nor counts as a page that lost its job.
 */
export const HELD_REASON = MSG.spendingCapReached;
/** Pending, and not held back by a cap: what a project still waits for. */
const unsettled = (alias: string) =>
  sql`(${sql.raw(alias)}.status = ${PAGE_STATUS.inProgress} or (${sql.raw(alias)}.status = ${PAGE_STATUS.queued} and ${sql.raw(alias)}.failure_reason is distinct from ${HELD_REASON}))`;

// City pages go through the same state machine as site pages. Every column these statements
// touch (id, project, status, job, failure, content, meta tags, updated) exists alike on both
// tables, so one set of statements serves both.
type StateTable = typeof pages;
/** What sending a page's job needs. */
export type JobRef = { id: string; projectId: string; model: string };
const tableOf = (target: Target): StateTable =>
  target === 'city'
    ? (cities as unknown as StateTable)
    : target === 'service-city'
      ? (serviceCityPages as unknown as StateTable)
      : pages;

/**
 * A city page's (or service-city page's) quality scores and approval, reset when it gets new
 * words.
 */
const FRESH_SCORES = {
  similarity: null,
  similarTo: null,
  localShare: null,
  wordCount: null,
  factsStated: null,
  stuffing: null,
  approvedAt: null,
};

/**
 * A rewritten city page (or service-city page) carries its place's facts: its mark goes, unless the facts changed
 * again after its job claimed it (the claim stamped updated_at). A mark in the claim's own
 * millisecond stays: one rewrite too many rather than facts left off the page.
 */
const factsCaughtUp = (t: typeof cities | typeof serviceCityPages) => ({
  factsChangedAt: sql`case when ${t.factsChangedAt} >= ${t.updatedAt} then ${t.factsChangedAt} end`,
});
/** The mark a page of this kind carries, caught up (a service-city page says its place's facts). */
const caughtUpOf = (target: Target) =>
  target === 'city'
    ? factsCaughtUp(cities)
    : target === 'service-city'
      ? factsCaughtUp(serviceCityPages)
      : {};

/** What a stored page resets beside its content, by what it is. */
const freshOf = (target: Target) =>
  target === 'page' ? {} : { ...FRESH_SCORES, ...caughtUpOf(target) };

/**
 * Page state changes. Every write is conditional on the state it expects, so a duplicate or
 * late job can never overwrite a page another job owns or has already finished.
 */
export function createPagesRepo(db: Db) {
  const claim = (table: StateTable, id: string, jobId: string, tx: Executor) =>
    tx
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
    async claimPage(pageId: string, jobId: string, tx: Executor = db): Promise<PageRow | null> {
      const [row] = await claim(pages, pageId, jobId, tx).returning();
      return row ?? null;
    },

    /**
     * The same for a city page or a service-city page; the worker reads the place with its
     * county and state next.
     */
    async claimCity(
      cityId: string,
      jobId: string,
      tx: Executor = db,
      target: Exclude<Target, 'page'> = 'city',
    ): Promise<boolean> {
      const table = tableOf(target);
      return (await claim(table, cityId, jobId, tx).returning({ id: table.id })).length > 0;
    },

    /**
     * A claimed page a spending cap stops goes back to the queue without a job, held (see
     * HELD_REASON). `at` is the moment of the check, in the month whose spend decided it.
     */
    async hold(target: Target, pageId: string, jobId: string, at: Date, tx: Executor = db) {
      const pages = tableOf(target);
      await tx
        .update(pages)
        .set({
          status: PAGE_STATUS.queued,
          jobId: null,
          failedAt: null,
          failureReason: HELD_REASON,
          updatedAt: at,
        })
        .where(and(eq(pages.id, pageId), eq(pages.jobId, jobId)));
    },

    /** A project's held pages go back to plain queued (their jobs are sent next). */
    async unhold(target: Target, projectId: string, tx: Executor = db): Promise<JobRef[]> {
      const pages = tableOf(target);
      return tx
        .update(pages)
        .set({ failureReason: null, updatedAt: new Date() })
        .where(
          and(
            eq(pages.projectId, projectId),
            eq(pages.status, PAGE_STATUS.queued),
            eq(pages.failureReason, HELD_REASON),
          ),
        )
        .returning({ id: pages.id, projectId: pages.projectId, model: pages.model });
    },

    async complete(
      target: Target,
      pageId: string,
      jobId: string,
      result: {
        content: unknown;
        contentHtml: string;
        metaTags: string;
        sectionPrints?: SectionPrints;
      },
      tx: Executor = db,
    ): Promise<boolean> {
      const pages = tableOf(target);
      const rows = await tx
        .update(pages)
        .set({
          ...result,
          status: PAGE_STATUS.completed,
          updatedAt: new Date(),
          // New words: the scores and a hand approval of the old ones no longer apply.
          ...freshOf(target),
        })
        .where(and(eq(pages.id, pageId), eq(pages.jobId, jobId)))
        .returning({ id: pages.id });
      return rows.length > 0;
    },

    /**
     * The job finished but the page keeps its content: what it wrote waits beside the page as
     * a proposal (versions.ts). Its scores still describe it, so they stay.
     */
    async completeUnchanged(
      target: Target,
      pageId: string,
      jobId: string,
      tx: Executor = db,
    ): Promise<boolean> {
      const pages = tableOf(target);
      const rows = await tx
        .update(pages)
        .set({
          status: PAGE_STATUS.completed,
          updatedAt: new Date(),
          // Rewritten too: what its facts brought waits in the proposal.
          ...caughtUpOf(target),
        })
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

    /** A written page back to the queue to be written again (the editor's Regenerate page). */
    async requeueWritten(target: Target, projectId: string, id: string): Promise<JobRef | null> {
      const pages = tableOf(target);
      const [row] = await db
        .update(pages)
        .set({ status: PAGE_STATUS.queued, jobId: null, updatedAt: new Date() })
        .where(
          and(
            eq(pages.projectId, projectId),
            eq(pages.id, id),
            eq(pages.status, PAGE_STATUS.completed),
            isNotNull(pages.contentHtml),
          ),
        )
        .returning({ id: pages.id, projectId: pages.projectId, model: pages.model });
      return row ?? null;
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
     * In progress → Created (or Error when a page failed) once nothing is left to write; pages
     * held by a spending cap wait without keeping it In progress. Run after the page's own
     * write has committed, so of two pages finishing together the later one always sees both
     * and settles the project.
     */
    async settleProject(
      projectId: string,
      tx: Executor = db,
    ): Promise<{ status: string; hasCities: boolean } | null> {
      const result = await tx.execute(sql`
        update projects set
          status = case when exists (
            select 1 from pages where project_id = ${projectId} and status = ${PAGE_STATUS.failed}
            union all
            select 1 from cities where project_id = ${projectId} and status = ${PAGE_STATUS.failed}
            union all
            select 1 from service_city_pages where project_id = ${projectId} and status = ${PAGE_STATUS.failed}
          ) then ${PROJECT_STATUS.error} else ${PROJECT_STATUS.created} end,
          updated_at = now()
        where id = ${projectId}
          and lower(status) = 'in progress'
          and not exists (
            select 1 from pages p where p.project_id = ${projectId} and ${unsettled('p')}
            union all
            select 1 from cities c where c.project_id = ${projectId} and ${unsettled('c')}
            union all
            select 1 from service_city_pages s where s.project_id = ${projectId} and ${unsettled('s')}
          )
        returning status,
          exists (select 1 from cities where project_id = ${projectId}) as "hasCities"`);
      return rowsOf<{ status: string; hasCities: boolean }>(result)[0] ?? null;
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
        .returning({ id: cities.id, projectId: cities.projectId, model: cities.model });
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
      return (found as unknown as { rows: Array<JobRef & { target: Target }> }).rows;
    },

    /** Projects with pages held by a spending cap: all of them, or one owner's. */
    async heldProjects(ownerId?: string): Promise<string[]> {
      const owner = ownerId
        ? sql`and t.project_id in (select id from projects where user_id = ${ownerId})`
        : sql``;
      const found = await db.execute(sql`
        select distinct t.project_id as id from (
          select project_id from pages where status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON}
          union all
          select project_id from cities where status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON}
          union all
          select project_id from service_city_pages where status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON}
        ) t where true ${owner}`);
      return (found as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
    },

    /** How many pages and city pages a spending cap holds, of one project or one owner's. */
    async heldCount(scope: { projectId: string } | { ownerId: string }): Promise<number> {
      const of =
        'projectId' in scope
          ? sql`project_id = ${scope.projectId}`
          : sql`project_id in (select id from projects where user_id = ${scope.ownerId})`;
      const found = await db.execute(sql`
        select (select count(*) from pages where ${of} and status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON})
             + (select count(*) from cities where ${of} and status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON})
             + (select count(*) from service_city_pages where ${of} and status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON}) as n`);
      return Number((found as unknown as { rows: Array<{ n: number | string }> }).rows[0]?.n ?? 0);
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
