import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import { pages, type PageRow } from '../../db/schema/index.ts';
import type { SectionPrints } from './section-prints.ts';
import {
  caughtUpOf,
  freshOf,
  HELD_REASON,
  jobRefOf,
  ownedBy,
  tableOf,
  type JobRef,
  type StateTable,
  type Target,
} from './page-targets.ts';

/** What a job that wrote a page stores on it. */
export type PageResult = {
  content: unknown;
  contentHtml: string;
  metaTags: string;
  sectionPrints?: SectionPrints;
};

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

/** Completed, with what else changes; false when the job no longer owns the page. */
async function finish(
  tx: Executor,
  target: Target,
  owner: { pageId: string; jobId: string },
  // Columns of the target's table: a city page's scores and facts mark are not on `pages`.
  set: object,
): Promise<boolean> {
  const table = tableOf(target);
  const rows = await tx
    .update(table)
    .set({ ...set, status: PAGE_STATUS.completed, updatedAt: new Date() })
    .where(ownedBy(table, owner.pageId, owner.jobId))
    .returning({ id: table.id });
  return rows.length > 0;
}

/**
 * A page's life under its job: claimed, held by a cap, written, failed or released. Every
 * write is conditional on the state it expects, so a duplicate or late job can never
 * overwrite a page another job owns or has already finished.
 */
export function createPageJobsRepo(db: Db) {
  return {
    /** Takes a queued page for a job (answering it); the same job may take it again after a crash. */
    async claimPage(pageId: string, jobId: string, tx: Executor = db): Promise<PageRow | null> {
      const [row] = await claim(pages, pageId, jobId, tx).returning();
      return row ?? null;
    },

    /** The same for a city page or a service-city page; the worker reads the place next. */
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
      const table = tableOf(target);
      await tx
        .update(table)
        .set({
          status: PAGE_STATUS.queued,
          jobId: null,
          failedAt: null,
          failureReason: HELD_REASON,
          updatedAt: at,
        })
        .where(ownedBy(table, pageId, jobId));
    },

    /** A project's held pages go back to plain queued (their jobs are sent next). */
    async unhold(target: Target, projectId: string, tx: Executor = db): Promise<JobRef[]> {
      const table = tableOf(target);
      return tx
        .update(table)
        .set({ failureReason: null, updatedAt: new Date() })
        .where(
          and(
            eq(table.projectId, projectId),
            eq(table.status, PAGE_STATUS.queued),
            eq(table.failureReason, HELD_REASON),
          ),
        )
        .returning(jobRefOf(table));
    },

    /** New words: the scores and a hand approval of the old ones no longer apply. */
    complete(
      target: Target,
      pageId: string,
      jobId: string,
      result: PageResult,
      tx: Executor = db,
    ): Promise<boolean> {
      return finish(tx, target, { pageId, jobId }, { ...result, ...freshOf(target) });
    },

    /**
     * The job finished but the page keeps its content: what it wrote waits beside the page as
     * a proposal (versions.ts). Its scores still describe it, so they stay; a city page was
     * rewritten too (or a service-city page), so what its facts brought waits in the proposal.
     */
    completeUnchanged(
      target: Target,
      pageId: string,
      jobId: string,
      tx: Executor = db,
    ): Promise<boolean> {
      return finish(tx, target, { pageId, jobId }, caughtUpOf(target));
    },

    async fail(
      target: Target,
      pageId: string,
      jobId: string | null,
      reason: string,
    ): Promise<boolean> {
      const table = tableOf(target);
      const rows = await db
        .update(table)
        .set({
          status: PAGE_STATUS.failed,
          failedAt: new Date(),
          failureReason: reason.slice(0, 1000),
          updatedAt: new Date(),
        })
        .where(
          jobId
            ? ownedBy(table, pageId, jobId)
            : and(
                eq(table.id, pageId),
                inArray(table.status, [PAGE_STATUS.queued, PAGE_STATUS.inProgress]),
              ),
        )
        .returning({ id: table.id });
      return rows.length > 0;
    },

    /** Back to the queue after a rate limit: the next job claims it afresh. */
    async release(target: Target, pageId: string, jobId: string): Promise<void> {
      const table = tableOf(target);
      await db
        .update(table)
        .set({ status: PAGE_STATUS.queued, jobId: null, updatedAt: new Date() })
        .where(ownedBy(table, pageId, jobId));
    },
  };
}
