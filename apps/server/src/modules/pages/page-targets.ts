import { and, eq, sql } from 'drizzle-orm';
import { MSG, PAGE_STATUS } from '@cityforge/shared';
import { cities, pages, serviceCityPages } from '../../db/schema/index.ts';

/** What a generation job writes: a site page, a city page, or a service's page for a city. */
export type Target = 'page' | 'city' | 'service-city';
/** What sending a page's job needs. */
export type JobRef = { id: string; projectId: string; model: string };

/**
 * A page a monthly spending cap holds back: queued, without a job, and this reason. It waits
 * for the cap to be raised or the month to turn (generation's cap-resume), so it neither keeps
 * its project In progress nor counts as a page that lost its job.
 */
export const HELD_REASON = MSG.spendingCapReached;

/** Pending, and not held back by a cap: what a project still waits for. */
export const unsettled = (alias: string) =>
  sql`(${sql.raw(alias)}.status = ${PAGE_STATUS.inProgress} or (${sql.raw(alias)}.status = ${PAGE_STATUS.queued} and ${sql.raw(alias)}.failure_reason is distinct from ${HELD_REASON}))`;

// City pages go through the same state machine as site pages. Every column these statements
// touch (id, project, status, job, failure, content, meta tags, updated) exists alike on both
// tables, so one set of statements serves both.
export type StateTable = typeof pages;
export const tableOf = (target: Target): StateTable =>
  target === 'city'
    ? (cities as unknown as StateTable)
    : target === 'service-city'
      ? (serviceCityPages as unknown as StateTable)
      : pages;

/** The columns a statement returns to send a page's job. */
export const jobRefOf = (table: StateTable) => ({
  id: table.id,
  projectId: table.projectId,
  model: table.model,
});

/** The page, while the given job still owns it. */
export const ownedBy = (table: StateTable, pageId: string, jobId: string) =>
  and(eq(table.id, pageId), eq(table.jobId, jobId));

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
 * A rewritten city page (or service-city page) carries its place's facts: its mark goes,
 * unless the facts changed again after its job claimed it (the claim stamped updated_at). A
 * mark in the claim's own millisecond stays: one rewrite too many rather than facts left off
 * the page.
 */
const factsCaughtUp = (t: typeof cities | typeof serviceCityPages) => ({
  factsChangedAt: sql`case when ${t.factsChangedAt} >= ${t.updatedAt} then ${t.factsChangedAt} end`,
});
/** The mark a page of this kind carries, caught up (a service-city page says its place's facts). */
export const caughtUpOf = (target: Target) =>
  target === 'city'
    ? factsCaughtUp(cities)
    : target === 'service-city'
      ? factsCaughtUp(serviceCityPages)
      : {};

/** What a stored page resets beside its content, by what it is. */
export const freshOf = (target: Target) =>
  target === 'page' ? {} : { ...FRESH_SCORES, ...caughtUpOf(target) };
