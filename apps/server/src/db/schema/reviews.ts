import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, rowId } from './columns.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

export const REVIEW_PAGE_KIND_VALUES = ['page', 'city', 'serviceCity'] as const;
export const REVIEW_DECISION_VALUES = ['approved', 'changes_requested'] as const;

/**
 * A client's decision on one version of one page: a homepage, main or service page (`page`,
 * a row of `pages`), a city page (`city`) or a service-city page (`serviceCity`). `version` is
 * the page's content digest when it was decided: a page whose digest is no longer the one its
 * latest approval names awaits review again. Kept as a log; the latest row of a page counts.
 */
export const pageReviews = pgTable(
  'page_reviews',
  {
    id: rowId(),
    projectId: belongsTo('project_id', () => projects.id),
    pageKind: text('page_kind', { enum: REVIEW_PAGE_KIND_VALUES }).notNull(),
    pageId: uuid('page_id').notNull(),
    version: text('version').notNull(),
    decision: text('decision', { enum: REVIEW_DECISION_VALUES }).notNull(),
    comment: text('comment').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('page_reviews_page_idx').on(t.pageId, t.createdAt),
    index('page_reviews_project_idx').on(t.projectId, t.createdAt),
  ],
);
export type PageReviewRow = typeof pageReviews.$inferSelect;
