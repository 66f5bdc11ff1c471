import type { Access } from '../projects/index.ts';
import { MSG } from '@cityforge/shared';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { nextDailyAt } from '../../lib/zoned-time.ts';
import type { Netlify } from './netlify.ts';
import { sendPublishJob } from './publish-queue.ts';
import type { PublishService } from './publish.service.ts';
import type { PublishingRepo } from './publishing.repo.ts';
import type { ReleaseRepo } from './release.repo.ts';

type Deps = {
  db: Db;
  boss: PgBoss;
  repo: ReleaseRepo;
  publishingRepo: PublishingRepo;
  netlify: Netlify;
  publish: PublishService;
  access: Access;
  /** RECOVER_AFTER_SECONDS: a deploy whose worker has been silent this long is over. */
  staleMs: number;
  logger: Logger;
};

/** Another deploy of the project runs: the batch waits for the next check. */
class DeployBusy extends Error {}

/** A batch that went out: how many pages, and the deploy that carries them (none for 0). */
export type ReleasedBatch = { projectId: string; released: number; deployId: string | null };

// Release times have whole seconds: the sitemap's lastmod has no finer ones, and a page's
// lastmod must not read earlier than its release.
const wholeSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

/**
 * Staged releases: each due project's next batch of written city pages goes live
 * through the same deploy as the Deploy button (a deploy row and the publish job), so the
 * sitemap's lastmod moves and IndexNow is told like after any deploy.
 */
export function createReleaseService(deps: Deps) {
  const { repo, logger } = deps;

  /**
   * One due project's batch. Claiming it, releasing its pages and creating its deploy are one
   * transaction: a batch is released exactly once and never without the deploy that carries
   * it. While the project's own deploy runs, or its owner has no Netlify token, the batch stays
   * due for a later check.
   */
  async function releaseBatch(project: ProjectRow, now: Date): Promise<ReleasedBatch | null> {
    if (!(await deps.netlify.forProject(project))) return null;
    await deps.publishingRepo.abandonStale(
      project.id,
      new Date(now.getTime() - deps.staleMs),
      MSG.deployInterrupted,
    );
    const next = nextDailyAt(project.releaseTime, project.releaseTimeZone, now);
    let batch: { released: number; deployId: string | null } | null;
    try {
      batch = await deps.db.transaction(async (tx) => {
        const perDay = await repo.claim(tx, project.id, now, next);
        if (perDay === null) return null;
        const released = await repo.releaseNext(tx, project.id, perDay, wholeSeconds(now));
        if (!released) return { released, deployId: null };
        const deploy = await deps.publishingRepo.startDeploy(project.id, tx);
        if (!deploy) throw new DeployBusy();
        return { released, deployId: deploy.id };
      });
    } catch (error) {
      if (error instanceof DeployBusy) return null;
      throw error;
    }
    if (!batch) return null;
    // A crash right here leaves a deploy without its job: it ends as interrupted, and the
    // released pages go out with the project's next deploy.
    if (batch.deployId) await sendPublishJob(deps.boss, batch.deployId);
    return { projectId: project.id, ...batch };
  }

  return {
    /** Sends out every batch due at `now`; one project's failure does not hold up the rest. */
    async releaseDue(now = new Date()): Promise<ReleasedBatch[]> {
      const done: ReleasedBatch[] = [];
      for (const project of await repo.dueProjects(now)) {
        try {
          const batch = await releaseBatch(project, now);
          if (batch) done.push(batch);
        } catch (error) {
          logger.error({ err: error, projectId: project.id }, 'staged release failed');
        }
      }
      if (done.length) logger.info({ batches: done }, 'staged releases went out');
      return done;
    },

    /**
     * Release all now (one click): every written page goes live with a deploy, answered like
     * the Deploy button's. Staging stays on: pages written later wait for their batch.
     */
    async releaseAll(user: UserRow, id: string) {
      const project = await deps.access(user, id, 'edit');
      if (project.releasePerDay === null) throw new AppError('conflict', MSG.releaseNotStaged);
      return deps.publish.publish(user, id, {
        beforeBuild: () => repo.releaseAll(project.id, wholeSeconds(new Date())),
      });
    },
  };
}
export type ReleaseService = ReturnType<typeof createReleaseService>;
