import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { Logger } from '../../lib/logger.ts';
import type { PagesRepo } from '../pages/index.ts';
import type { ProjectsRepo } from '../projects/index.ts';
import type { SpendingGate } from './spending-gate.ts';
import type { SpendRepo } from './spend.repo.ts';

/**
 * Every hour on the hour (UTC), so held pages go on within the first hour of a new month,
 * whichever machine's cron pass sends it (pg-boss sends one per occurrence across machines).
 */
const HOURLY = '0 * * * *';

type Access = { project: ProjectRow; owner: UserRow };
type Freed = Awaited<ReturnType<PagesRepo['unhold']>>;

export type CapResumeDeps = {
  db: Db;
  boss: PgBoss;
  repo: Pick<PagesRepo, 'unhold' | 'setProjectInProgress' | 'heldProjects'>;
  projectsRepo: Pick<ProjectsRepo, 'withOwner'>;
  spend: Pick<SpendRepo, 'firstHeld'>;
  gate: Pick<SpendingGate, 'wouldPass'>;
  logger: Logger;
  /** Sends the freed pages' jobs (generation's, passed in: generation sits above). */
  sendPages: (owner: UserRow, target: 'page' | 'city', pages: Freed) => Promise<void>;
  /** Tells the project's watchers it is In progress again (generation's change feed). */
  announceInProgress: (projectId: string) => Promise<void>;
};

/**
 * Sends on the pages a spending cap holds, once their caps would let the next one through:
 * when the owner raises or clears a cap (project settings, the account on /auth/me/), and
 * hourly for the month's turn. The pages are each checked again as they are written, so a cap
 * that allows a few more pages holds the rest again.
 */
export function createCapResume(deps: CapResumeDeps) {
  const { db, repo } = deps;

  /** How many held pages of the project went back to work (0 while its caps still stop them). */
  async function resumeProject({ project, owner }: Access): Promise<number> {
    const next = await deps.spend.firstHeld(project.id);
    if (!next || (await deps.gate.wouldPass({ project, owner }, next, new Date()))) return 0;
    // One statement set: the project says In progress before any page could settle it.
    const freed = await db.transaction(async (tx) => {
      const pages = await repo.unhold('page', project.id, tx);
      const cities = await repo.unhold('city', project.id, tx);
      if (pages.length || cities.length) await repo.setProjectInProgress(project.id, tx);
      return { pages, cities };
    });
    const count = freed.pages.length + freed.cities.length;
    if (!count) return 0;
    for (const [target, pages] of [
      ['page', freed.pages],
      ['city', freed.cities],
    ] as const)
      await deps.sendPages(owner, target, pages);
    await deps.announceInProgress(project.id);
    return count;
  }

  async function resumeProjects(ids: string[]): Promise<number> {
    let count = 0;
    for (const id of ids) {
      const found = await deps.projectsRepo.withOwner(id);
      if (found) count += await resumeProject(found);
    }
    return count;
  }

  /** Every held page whose caps allow again (the hourly check). */
  async function resumeDue(): Promise<number> {
    const count = await resumeProjects(await repo.heldProjects());
    if (count) deps.logger.info({ pages: count }, 'pages held by a spending cap sent on');
    return count;
  }

  return {
    resumeDue,
    /** The project's cap changed. */
    projectCapChanged: (project: ProjectRow) => resumeProjects([project.id]).then(() => undefined),
    /** The account's cap changed: any of its projects may go on. */
    accountCapChanged: async (owner: UserRow) => {
      await resumeProjects(await repo.heldProjects(owner.id));
    },
    async start(): Promise<void> {
      await deps.boss.work(QUEUES.resumeHeldPages, { batchSize: 1 }, async () => {
        await resumeDue();
      });
      await deps.boss.schedule(QUEUES.resumeHeldPages, HOURLY, null, { tz: 'UTC' });
    },
  };
}
export type CapResume = ReturnType<typeof createCapResume>;
