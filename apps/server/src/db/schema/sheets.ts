import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { TSheetSyncReport } from '@cityforge/shared';
import { belongsTo, createdAt, moment, rowId, updatedAt } from './columns.ts';
import { projects } from './projects.ts';

/** A project's linked sheet: one per project, read again on its schedule or when asked. */
export const sheetLinks = pgTable(
  'sheet_links',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** As the owner gave it. */
    url: text('url').notNull(),
    /** What is fetched: a Google Sheet's tab as its CSV export, any other address as given. */
    sourceUrl: text('source_url').notNull(),
    /** manual | hourly | daily */
    schedule: text('schedule').notNull(),
    lastSyncAt: moment('last_sync_at'),
    /** When the schedule reads it next; null for a manual link. */
    nextSyncAt: moment('next_sync_at'),
    lastReport: jsonb('last_report').$type<TSheetSyncReport>(),
    /** Rows the last applied sync read: a sheet that comes back with far fewer stops. */
    lastRows: integer('last_rows'),
    /**
     * Set while a sync of this sheet runs, by whichever process runs it: the lease that keeps
     * two processes from syncing one project at once. A lease older than a sync can take is
     * one a dead process left, and is taken over.
     */
    syncStartedAt: moment('sync_started_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sheet_links_next_sync_idx').on(t.nextSyncAt)],
);
export type SheetLinkRow = typeof sheetLinks.$inferSelect;

/** Every sync of a project's sheet, with its report. */
export const sheetSyncRuns = pgTable(
  'sheet_sync_runs',
  {
    id: rowId(),
    projectId: belongsTo('project_id', () => projects.id),
    /** manual | scheduled | confirm */
    trigger: text('trigger').notNull(),
    /** applied | stopped | confirmed | superseded | failed */
    status: text('status').notNull(),
    message: text('message').notNull(),
    report: jsonb('report').$type<TSheetSyncReport>(),
    /** A stopped run: the places confirming it may remove (their place keys). */
    removing: jsonb('removing').$type<string[]>(),
    startedAt: moment('started_at').notNull().defaultNow(),
    finishedAt: moment('finished_at'),
  },
  (t) => [index('sheet_sync_runs_project_idx').on(t.projectId, t.startedAt)],
);
export type SheetSyncRunRow = typeof sheetSyncRuns.$inferSelect;
