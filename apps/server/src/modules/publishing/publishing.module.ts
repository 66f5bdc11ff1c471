import type { PgBoss } from 'pg-boss';
import { MSG } from '@cityforge/shared';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';
import { route } from '../../lib/module.ts';
import type { RecoverySweep } from '../../jobs/recovery.ts';
import type { ProjectsModule } from '../projects/index.ts';
import type { StoreSettings } from '../../lib/storage/open-store.ts';
import { createFolderBin, sweepBuildFolders, sweepSitesBuiltAhead } from './build-folders.ts';
import { createNetlify } from './netlify.ts';
import { cityPageUrl } from './netlify-site.ts';
import { createPublishWorker } from './publish.job.ts';
import { createPublishService } from './publish.service.ts';
import { createPublishingRepo } from './publishing.repo.ts';
import type { SiteImages } from './site-build.ts';
import { publishingRoutes } from './publishing.routes.ts';
import { startReleaseChecks } from './release.job.ts';
import { createReleaseRepo } from './release.repo.ts';
import { releaseRoutes } from './release.routes.ts';
import { createReleaseService } from './release.service.ts';

export function createPublishingModule(deps: {
  db: Db;
  boss: PgBoss;
  config: Pick<
    Config,
    | 'NETLIFY_API_URL'
    | 'NETLIFY_TIMEOUT_SECONDS'
    | 'NETLIFY_RATE_WINDOW_SECONDS'
    | 'NETLIFY_DEPLOYS_PER_WINDOW'
    | 'NETLIFY_CALLS_PER_WINDOW'
    | 'NETLIFY_ZIP_FROM_CITIES'
    | 'NETLIFY_ZIP_LEVEL'
    | 'dataDir'
    | 'SITE_ZIP_TIMEOUT_SECONDS'
    | 'SITE_ZIP_MEMORY_MB'
    | 'SITE_ZIP_QUEUE_SECONDS'
    | 'PUBLISH_WAIT_SECONDS'
    | 'RECOVER_AFTER_SECONDS'
    | 'RELEASE_CHECK_SECONDS'
    | 'INDEXNOW_URL'
    | 'INDEXNOW_TIMEOUT_SECONDS'
  >;
  /** The images module's stored files, copied into deploys. */
  images: SiteImages;
  /** The same store as plain settings, for a ZIP's build process to open its own. */
  storeSettings: StoreSettings;
  projects: Pick<ProjectsModule, 'repo' | 'access'>;
  /** The owner's own Netlify token, from their sealed secrets (users). */
  netlifyTokenOf: (owner: UserRow) => string | null;
  logger: Logger;
}) {
  const { db, boss, config, projects, logger } = deps;
  const repo = createPublishingRepo(db);
  const staleMs = config.RECOVER_AFTER_SECONDS * 1000;
  const netlify = createNetlify({
    apiUrl: config.NETLIFY_API_URL,
    timeoutMs: config.NETLIFY_TIMEOUT_SECONDS * 1000,
    db,
    limits: {
      windowMs: config.NETLIFY_RATE_WINDOW_SECONDS * 1000,
      deploys: config.NETLIFY_DEPLOYS_PER_WINDOW,
      calls: config.NETLIFY_CALLS_PER_WINDOW,
    },
    projectsRepo: projects.repo,
    tokenOf: deps.netlifyTokenOf,
  });
  const service = createPublishService({
    boss,
    repo,
    projectsRepo: projects.repo,
    netlify,
    access: projects.access,
    dataDir: config.dataDir,
    storeSettings: deps.storeSettings,
    siteZipBudget: {
      timeoutMs: config.SITE_ZIP_TIMEOUT_SECONDS * 1000,
      memoryMb: config.SITE_ZIP_MEMORY_MB,
      queueMs: config.SITE_ZIP_QUEUE_SECONDS * 1000,
    },
    waitMs: config.PUBLISH_WAIT_SECONDS * 1000,
    staleMs,
  });
  const releaseRepo = createReleaseRepo(db);
  const releases = createReleaseService({
    db,
    boss,
    repo: releaseRepo,
    publishingRepo: repo,
    netlify,
    publish: service,
    access: projects.access,
    staleMs,
    logger,
  });

  /** A deploy whose worker died ends as interrupted. */
  const recover: RecoverySweep = async (leftBefore) => {
    const deploys = await repo.abandonAllStale(leftBefore, MSG.deployInterrupted);
    if (deploys) logger.warn({ deploys }, 'deploys whose worker went away ended as interrupted');
  };

  return {
    repo,
    netlify,
    service,
    /** Where a city's page is on the live site (the places export's Page URL). */
    cityPageUrl,
    releases,
    releaseRepo,
    recover,
    routes: [
      route(publishingRoutes, { publishService: service }),
      route(releaseRoutes, { releaseService: releases }),
    ],
    /**
     * Registers the deploy worker and the staged releases' check; answers how to stop the
     * latter and remove the build folders still waiting.
     */
    async workers() {
      const swept = await sweepBuildFolders(config.dataDir, repo);
      if (swept) logger.info({ folders: swept }, 'removed build folders of deploys that are over');
      const packs = await sweepSitesBuiltAhead(config.dataDir);
      if (packs) logger.info({ packs }, 'removed sites an earlier release built ahead');
      const bin = createFolderBin(logger);
      await createPublishWorker({
        boss,
        repo,
        projectsRepo: projects.repo,
        netlify,
        images: deps.images,
        dataDir: config.dataDir,
        logger,
        bin,
        zip: { fromCities: config.NETLIFY_ZIP_FROM_CITIES, level: config.NETLIFY_ZIP_LEVEL },
        releases: releaseRepo,
        indexNow: {
          endpoint: config.INDEXNOW_URL,
          timeoutMs: config.INDEXNOW_TIMEOUT_SECONDS * 1000,
        },
      }).start();
      const stopReleaseChecks = await startReleaseChecks({
        boss,
        service: releases,
        everySeconds: config.RELEASE_CHECK_SECONDS,
        logger,
      });
      return () => {
        stopReleaseChecks();
        bin.empty();
      };
    },
  };
}
