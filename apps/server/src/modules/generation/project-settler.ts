import type { PgBoss } from 'pg-boss';
import { sendScoreJob } from '../locations/similarity.job.ts';
import type { PagesRepo } from '../pages/pages.repo.ts';
import type { ProjectsRepo } from '../projects/projects.repo.ts';
import type { ChangeEvent } from './change-feed.ts';

/**
 * Settles a project once nothing is left to write (pages.repo settleProject), after a page's
 * own write has committed. One settle per project runs at a time; a page written while one
 * runs waits for the next, which every page written meanwhile shares: pages of a project that
 * finish together cost one statement, not one each.
 */
export function createProjectSettler(deps: {
  boss: PgBoss;
  repo: Pick<PagesRepo, 'settleProject'>;
  projectsRepo: Pick<ProjectsRepo, 'cityCounts'>;
  publish: (event: ChangeEvent) => void;
}) {
  /** A settle not started yet: a page written now is seen by it. */
  const next = new Map<string, Promise<void>>();
  /** The latest settle of a project, started or not. */
  const latest = new Map<string, Promise<void>>();

  async function settleNow(projectId: string) {
    const status = await deps.repo.settleProject(projectId);
    if (!status) return;
    deps.publish({ projectId, kind: 'project', id: projectId, status });
    // Sameness is measured once a project's pages are all written, against each other; a
    // project without city pages has nothing to measure.
    if ((await deps.projectsRepo.cityCounts([projectId])).get(projectId))
      await sendScoreJob(deps.boss, projectId);
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
