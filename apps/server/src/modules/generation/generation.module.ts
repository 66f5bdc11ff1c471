import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config/env.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { Logger } from '../../lib/logger.ts';
import { route } from '../../lib/module.ts';
import type { RecoverySweep } from '../../jobs/recovery.ts';
import type { FactsRepo, LocationsRepo } from '../locations/index.ts';
import { sendScoreJob } from '../locations/index.ts';
import { settleAndScore } from './project-settler.ts';
import type { ServerKeys } from '../models/index.ts';
import type { JobRef, PagesRepo, ServiceCityRepo } from '../pages/index.ts';
import { createServiceCitySync } from './service-city-sync.ts';
import type { ProjectsModule } from '../projects/index.ts';
import type { AiModule } from '../ai/index.ts';
import { PROJECT_STATUS } from '@cityforge/shared';
import { createChangeFeed, publishChange } from './change-feed.ts';
import { createEstimator } from './estimate.ts';
import { generationRoutes } from './generation.routes.ts';
import { createGenerationService } from './generation.service.ts';
import { modelsRoutes } from './models.routes.ts';
import { sendPageJobs } from './page-jobs.ts';
import { createPageWorker } from './page.worker.ts';

export function createGenerationModule(deps: {
  handle: DbHandle;
  db: Db;
  boss: PgBoss;
  cipher: Cipher;
  logger: Logger;
  serverKeys: ServerKeys;
  config: Pick<Config, 'GENERATION_CONCURRENCY_PER_KEY' | 'WORKER_CONCURRENCY'>;
  /** The models' client, the usage ledger, prices and the spending caps' gate and mail. */
  ai: Pick<AiModule, 'ai' | 'usageRepo' | 'prices' | 'gate' | 'capReached'>;
  projects: Pick<ProjectsModule, 'repo' | 'access' | 'service'>;
  pagesRepo: PagesRepo;
  /** Service-city pages' rows (shared with the editor and the previews). */
  serviceCityRepo: ServiceCityRepo;
  locationsRepo: LocationsRepo;
  /** Places' facts: what city pages state, and what their scoring looks for. */
  factsRepo: FactsRepo;
  /** The plan's monthly page allowance (billing): service-city pages count as pages. */
  checkPageLimit: Parameters<typeof createServiceCitySync>[0]['checkPageLimit'];
}) {
  const { handle, db, boss, logger, serverKeys, config, projects, pagesRepo, serviceCityRepo } =
    deps;
  const { ai, usageRepo, prices } = deps.ai;
  const changeFeed = createChangeFeed(handle, logger);
  /** What a run will cost; the spending caps ask it for the next page (estimatePage). */
  const estimator = createEstimator({ prices, usageRepo, access: projects.access });
  const service = createGenerationService({
    db,
    boss,
    repo: pagesRepo,
    projectsRepo: projects.repo,
    serverKeys,
    access: projects.access,
    serviceCityRepo,
  });
  /** Settles a project with nothing left to write, its scoring queued with it. */
  const settle = (projectId: string) => settleAndScore({ db, boss, repo: pagesRepo }, projectId);
  const serviceCities = createServiceCitySync({
    db,
    boss,
    serverKeys,
    pagesRepo,
    serviceCityRepo,
    projectsRepo: projects.repo,
    checkPageLimit: deps.checkPageLimit,
    settle,
  });
  /** The page writer of this process (a test stops and starts it again). */
  const pageWorker = () =>
    createPageWorker({
      boss,
      db,
      repo: pagesRepo,
      usageRepo,
      projectsRepo: projects.repo,
      locationsRepo: deps.locationsRepo,
      factsRepo: deps.factsRepo,
      serviceCityRepo,
      ai,
      cipher: deps.cipher,
      serverKeys,
      logger,
      concurrency: config.WORKER_CONCURRENCY,
      keyConcurrency: config.GENERATION_CONCURRENCY_PER_KEY,
      soleProcess: handle.kind === 'pglite',
      gate: deps.ai.gate,
      capReached: deps.ai.capReached,
    });

  /**
   * Pages queued without a job get one; a project whose pages are all settled but which
   * still says In progress is settled (a killed worker loses no page).
   */
  const recover: RecoverySweep = async (leftBefore) => {
    // A page is queued in one transaction and its job sent right after; a queued page still
    // without a job since before `leftBefore` lost its job to a crash between the two. (Were
    // the sender only slow, the page gets two jobs: harmless, the second finds it taken.)
    const orphans = await pagesRepo.orphaned(boss, leftBefore);
    const byProject = Map.groupBy(orphans, (o) => o.projectId);
    for (const [projectId, pages] of byProject) {
      const owned = await projects.repo.withOwner(projectId);
      if (!owned) continue;
      for (const target of ['page', 'city', 'service-city'] as const)
        await sendPageJobs(boss, {
          owner: owned.owner,
          pages: pages.filter((p) => p.target === target),
          target,
          serverKeys,
        });
    }
    if (orphans.length)
      logger.warn({ pages: orphans.length }, 'queued pages had lost their jobs; sent again');

    // The last page of a project written just before a crash, with the project never settled.
    for (const id of await pagesRepo.inProgressProjects()) {
      const status = await settle(id);
      if (status) await publishChange(db, { projectId: id, kind: 'project', id, status });
    }
    // Written pages without their scores (the quality gate's verdict needs them).
    for (const id of await deps.locationsRepo.unscoredProjects()) await sendScoreJob(boss, id);
  };

  return {
    changeFeed,
    estimator,
    service,
    pageWorker,
    settle,
    recover,
    /** Service-city pages kept to what the places offer (settings, uploads). */
    serviceCities,
    routes: [
      route(generationRoutes, { generationService: service, changeFeed, access: projects.access }),
      route(modelsRoutes, { projectsService: projects.service, estimator }),
    ],
    /** What the spending caps' resume (ai) does with the pages it frees. */
    resumed: {
      sendPages: (owner: UserRow, target: 'page' | 'city', pages: JobRef[]) =>
        sendPageJobs(boss, { owner, pages, target, serverKeys }),
      announceInProgress: (projectId: string) =>
        publishChange(db, {
          projectId,
          kind: 'project',
          id: projectId,
          status: PROJECT_STATUS.inProgress,
        }),
    },
    async workers() {
      await pageWorker().start();
    },
  };
}
