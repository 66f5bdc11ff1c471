import { type Db, type Executor } from '../../db/client.ts';
import { pages, type PageRow } from '../../db/schema/index.ts';
import { createPageJobsRepo } from './page-jobs.repo.ts';
import { createPageQueueRepo } from './page-queue.repo.ts';
import { createProjectProgressRepo } from './project-progress.repo.ts';

export { HELD_REASON, type JobRef, type Target } from './page-targets.ts';
export type NewPage = typeof pages.$inferInsert;

/**
 * Pages and their generation state: new pages, each page's life under its job, the queue,
 * and where the project's generation stands.
 */
export function createPagesRepo(db: Db) {
  return {
    /** Idempotent: a page that already exists (same kind and slug) is left as it is. */
    async insertPages(rows: NewPage[], tx: Executor = db): Promise<PageRow[]> {
      if (!rows.length) return [];
      return tx.insert(pages).values(rows).onConflictDoNothing().returning();
    },
    ...createPageJobsRepo(db),
    ...createPageQueueRepo(db),
    ...createProjectProgressRepo(db),
  };
}
export type PagesRepo = ReturnType<typeof createPagesRepo>;
