import { sql } from 'drizzle-orm';
import { integer, jsonb, real, text, uuid } from 'drizzle-orm/pg-core';
import { moment } from './columns.ts';

// The columns the three page tables (pages, cities, service_city_pages) share, named and
// typed alike so the page job, the editor, the scoring and the builds read any of them the
// same way.

/** A page as written: its state, what it is written with, and what was written. */
export const writtenPage = () => ({
  status: text('status').notNull(),
  model: text('model').notNull(),
  prompt: text('prompt').notNull().default(''),
  contentHtml: text('content_html'),
  /** The model's validated structured answer, kept so the site can be re-rendered. */
  content: jsonb('content'),
  /**
   * A fingerprint of each section as generated (section key → hash of its HTML),
   * so a section whose HTML no longer matches is known to be the owner's edit.
   */
  sectionPrints: jsonb('section_prints').$type<Record<string, string>>(),
  metaTags: text('meta_tags').notNull().default(''),
});

/** The job writing the page, and why the last one failed. */
export const pageJob = () => ({
  failedAt: moment('failed_at'),
  failureReason: text('failure_reason'),
  /** The job that claimed the page, so a duplicate job never writes it twice. */
  jobId: uuid('job_id'),
});

/**
 * What a published page of a place is made of, as one digest the database keeps itself: a
 * redeploy reads it instead of every page's content to find the pages that changed.
 */
export const contentHash = () =>
  text('content_hash').generatedAlwaysAs(
    sql`md5(coalesce(content_html, '') || chr(1) || meta_tags)`,
  );

/** A place's page (a city's or a service's in a city): its scores, approval and release. */
export const placePageState = () => ({
  /** Highest 5-word-shingle Jaccard with a sibling page; null until scored. */
  similarity: real('similarity'),
  similarTo: uuid('similar_to'),
  /** Share of the written text's sentences that state a fact of this place; null until scored. */
  localShare: real('local_share'),
  /** Words of the written text (the blocks the site adds from data not counted). */
  wordCount: integer('word_count'),
  /** Statements of the written text that carry one of the place's facts; null until scored. */
  factsStated: integer('facts_stated'),
  /** Sentences of the written text that are mostly a list of places or ZIP codes. */
  stuffing: integer('stuffing'),
  /** Published as it is although below the quality gate; cleared when it is regenerated. */
  approvedAt: moment('approved_at'),
  /** Staged releases: when the page went live; null while it waits for its batch. */
  releasedAt: moment('released_at'),
  /** Bumped on each regeneration so the offline writer words the page afresh. */
  revision: integer('revision').notNull().default(0),
});
