import type { PgBoss } from 'pg-boss';
import { MSG } from '@cityforge/shared';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';
import { route } from '../../lib/module.ts';
import type { RecoverySweep } from '../../jobs/recovery.ts';
import type { ProjectsModule } from '../projects/projects.module.ts';
import type { StoreSettings } from '../../lib/storage/open-store.ts';
import { sweepBuildFolders } from './build-folders.ts';
import { createNetlify } from './netlify.ts';
import { createPublishWorker } from './publish.job.ts';
import { createPublishService, DEPLOY_STALE_MS } from './publish.service.ts';
import { createPublishingRepo } from './publishing.repo.ts';
import type { SiteImages } from './site-build.ts';
import { publishingRoutes } from './publishing.routes.ts';

export function createPublishingModule(deps: {
  db: Db;
  boss: PgBoss;
  config: Pick<
    Config,
    | 'NETLIFY_API_URL'
    | 'NETLIFY_TIMEOUT_SECONDS'
    | 'dataDir'
    | 'SITE_ZIP_TIMEOUT_SECONDS'
    | 'SITE_ZIP_MEMORY_MB'
    | 'PUBLISH_WAIT_SECONDS'
  >;
  /** The images module's stored files, copied into deploys. */
  images: SiteImages;
  /** The same store as plain settings, for a ZIP's build process to open its own. */
  storeSettings: StoreSettings;
  projects: Pick<ProjectsModule, 'repo' | 'owned'>;
  /** The owner's own Netlify token, from their sealed secrets (users). */
  netlifyTokenOf: (owner: UserRow) => string | null;
  logger: Logger;
}) {
  const { db, boss, config, projects, logger } = deps;
  const repo = createPublishingRepo(db);
  const netlify = createNetlify({
    apiUrl: config.NETLIFY_API_URL,
    timeoutMs: config.NETLIFY_TIMEOUT_SECONDS * 1000,
    projectsRepo: projects.repo,
    tokenOf: deps.netlifyTokenOf,
  });
  const service = createPublishService({
    boss,
    repo,
    projectsRepo: projects.repo,
    netlify,
    owned: projects.owned,
    dataDir: config.dataDir,
    storeSettings: deps.storeSettings,
    siteZipBudget: {
      timeoutMs: config.SITE_ZIP_TIMEOUT_SECONDS * 1000,
      memoryMb: config.SITE_ZIP_MEMORY_MB,
    },
    waitMs: config.PUBLISH_WAIT_SECONDS * 1000,
  });

  /** A deploy whose worker died ends as interrupted. */
  const recover: RecoverySweep = async (stillSince) => {
    const deploys = await repo.abandonAllStale(stillSince(DEPLOY_STALE_MS), MSG.deployInterrupted);
    if (deploys) logger.warn({ deploys }, 'deploys whose worker went away ended as interrupted');
  };

  return {
    repo,
    netlify,
    service,
    recover,
    routes: [route(publishingRoutes, { publishService: service })],
    async workers() {
      const swept = await sweepBuildFolders(config.dataDir, repo);
      if (swept) logger.info({ folders: swept }, 'removed build folders of deploys that are over');
      await createPublishWorker({
        boss,
        repo,
        projectsRepo: projects.repo,
        netlify,
        images: deps.images,
        dataDir: config.dataDir,
        logger,
      }).start();
    },
  };
}
