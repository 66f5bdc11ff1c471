import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { route } from '../../lib/module.ts';
import type { ServerKeys } from '../models/index.ts';
import type { ProjectsModule } from '../projects/index.ts';
import { createCityExport, type CityPageUrl } from './city-export.ts';
import { createExportRepo } from './export.repo.ts';
import { createFactsRepo } from './facts.repo.ts';
import { factsRoutes } from './facts.routes.ts';
import { createFactsService } from './facts.service.ts';
import { createLocationsRepo } from './locations.repo.ts';
import { createPhotosRepo } from './photos.repo.ts';
import type { GoogleSheetsAccess } from './sheet-google.ts';
import { sheetLinkRoutes } from './sheet-link.routes.ts';
import { createNotify } from '../../jobs/notify.ts';
import { createSheetLinkService } from './sheet-link.service.ts';
import { createSheetLinksRepo } from './sheet-links.repo.ts';
import { startSheetSyncJobs } from './sheet-sync.job.ts';
import type { SyncDeps } from './sheet-sync.ts';
import { uploadRoutes } from './upload.routes.ts';
import { createUploadService, type CheckCityPageLimit, type CityQueue } from './upload.service.ts';

export function createLocationsModule(deps: {
  db: Db;
  boss: PgBoss;
  config: Pick<
    Config,
    | 'UPLOAD_PARSE_TIMEOUT_SECONDS'
    | 'UPLOAD_PARSE_MEMORY_MB'
    | 'fetchTrustedHosts'
    | 'GOOGLE_API_URL'
  >;
  serverKeys: ServerKeys;
  projects: Pick<ProjectsModule, 'repo' | 'access'>;
  generation: CityQueue;
  checkCityPageLimit: CheckCityPageLimit;
  /** The city pages an owner's plan lets in this month (a sync imports what fits). */
  cityPagesRoom: SyncDeps['cityPagesRoom'];
  /** Settles a project with nothing left to write (a sync removed the cities it waited for). */
  settle: (projectId: string) => Promise<unknown>;
  /** Where a city's page is on the live site (site's paths, publishing's address). */
  cityPageUrl: CityPageUrl;
  /** The owner's Google connection (users): linked Google Sheets read through the API. */
  google: GoogleSheetsAccess;
  logger: Logger;
}) {
  const { db, boss, config } = deps;
  const repo = createLocationsRepo(db);
  const factsRepo = createFactsRepo(db);
  const photosRepo = createPhotosRepo(db);
  const trustedHosts = config.fetchTrustedHosts;
  const access = deps.projects.access;
  const uploadService = createUploadService({
    db,
    boss,
    repo,
    factsRepo,
    photosRepo,
    trustedHosts,
    projectsRepo: deps.projects.repo,
    generation: deps.generation,
    serverKeys: deps.serverKeys,
    access,
    checkCityPageLimit: deps.checkCityPageLimit,
    parseBudget: {
      timeoutMs: config.UPLOAD_PARSE_TIMEOUT_SECONDS * 1000,
      memoryMb: config.UPLOAD_PARSE_MEMORY_MB,
    },
    logger: deps.logger,
  });
  const sheetLinkService = createSheetLinkService({
    repo: createSheetLinksRepo(db),
    uploads: uploadService,
    serverKeys: deps.serverKeys,
    trustedHosts,
    google: deps.google,
    googleApiUrl: config.GOOGLE_API_URL,
    settle: deps.settle,
    cityPagesRoom: deps.cityPagesRoom,
    access,
    generation: deps.generation,
    projectsRepo: deps.projects.repo,
    notify: createNotify(boss),
    logger: deps.logger,
  });
  const factsService = createFactsService({
    db,
    boss,
    repo,
    factsRepo,
    photosRepo,
    access,
    trustedHosts,
  });
  const cityExport = createCityExport({
    exportRepo: createExportRepo(db),
    factsRepo,
    access,
    cityPageUrl: deps.cityPageUrl,
  });
  return {
    repo,
    factsRepo,
    photosRepo,
    uploadService,
    routes: [
      route(uploadRoutes, { uploadService }),
      route(factsRoutes, { factsService, cityExport }),
      route(sheetLinkRoutes, { sheetLinkService }),
    ],
    /** Linked sheets' scheduled syncs, on a process that runs workers. */
    workers: () => startSheetSyncJobs(boss, sheetLinkService),
  };
}
