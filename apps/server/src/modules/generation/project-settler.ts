import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { sendScoreJob } from '../locations/index.ts';
import { createNotify } from '../../jobs/notify.ts';
import type { PagesRepo } from '../pages/index.ts';
import type { ChangeEvent } from './change-feed.ts';

type SettleDeps = { db: Db; boss: PgBoss; repo: Pick<PagesRepo, 'settleProject'> };

/**
 * In progress → Created (or Error) once nothing is left to write, and the scoring of its city
 * pages queued in the same transaction: whoever reads the project as settled finds its scoring
 * queued or done, never about to be asked for (sameness is measured once a project's pages are
 * all written, against each other; a project without city pages has nothing to measure).
 */
export async function settleAndScore(deps: SettleDeps, projectId: string): Promise<string | null> {
  const settled = await deps.db.transaction(async (tx) => {
    const row = await deps.repo.settleProject(projectId, tx);
    if (row?.hasCities) await sendScoreJob(deps.boss, projectId, tx);
    // The run is over: its people hear of it once, with this settle.
    if (row) await createNotify(deps.boss)({ event: 'runFinished', projectId }, tx);
    return row;
  });
  return settled?.status ?? null;
}

/**
 * Settles a project once nothing is left to write (pages.repo settleProject), after a page's
 * own write has committed. One settle per project runs at a time; a page written while one
 * runs waits for the next, which every page written meanwhile shares: pages of a project that
 * finish together cost one statement, not one each.
 */
export function createProjectSettler(deps: SettleDeps & { publish: (event: ChangeEvent) => void }) {
  /** A settle not started yet: a page written now is seen by it. */
  const next = new Map<string, Promise<void>>();
  /** The latest settle of a project, started or not. */
  const latest = new Map<string, Promise<void>>();

  async function settleNow(projectId: string) {
    const status = await settleAndScore(deps, projectId);
    if (status) deps.publish({ projectId, kind: 'project', id: projectId, status });
  }

  return function settle(projectId: string): Promise<void> {
    const waiting = next.get(projectId);
    if (waiting) return waiting;
    const before = latest.get(projectId) ?? Promise.resolve();
    const run = before
      .catch(() => undefined)
      .then(() => {
        next.delete(projectId);
        return settleNow(projectId);
      });
    next.set(projectId, run);
    latest.set(projectId, run);
    void run
      .catch(() => undefined)
      .then(() => {
        if (latest.get(projectId) === run) latest.delete(projectId);
      });
    return run;
  };
}
