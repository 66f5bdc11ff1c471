import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { route } from '../../lib/module.ts';
import type { ServerKeys } from '../models/keys.ts';
import type { ProjectsModule } from '../projects/projects.module.ts';
import { createFactsRepo } from './facts.repo.ts';
import { createLocationsRepo } from './locations.repo.ts';
import { uploadRoutes } from './upload.routes.ts';
import { createUploadService, type CheckCityPageLimit, type CityQueue } from './upload.service.ts';

export function createLocationsModule(deps: {
  db: Db;
  config: Pick<Config, 'UPLOAD_PARSE_TIMEOUT_SECONDS' | 'UPLOAD_PARSE_MEMORY_MB'>;
  serverKeys: ServerKeys;
  projects: Pick<ProjectsModule, 'repo' | 'owned'>;
  generation: CityQueue;
  checkCityPageLimit: CheckCityPageLimit;
  logger: Logger;
}) {
  const { db, config } = deps;
  const repo = createLocationsRepo(db);
  const uploadService = createUploadService({
    db,
    repo,
    projectsRepo: deps.projects.repo,
    generation: deps.generation,
    serverKeys: deps.serverKeys,
    owned: deps.projects.owned,
    checkCityPageLimit: deps.checkCityPageLimit,
    parseBudget: {
      timeoutMs: config.UPLOAD_PARSE_TIMEOUT_SECONDS * 1000,
      memoryMb: config.UPLOAD_PARSE_MEMORY_MB,
    },
    logger: deps.logger,
  });
  const factsRepo = createFactsRepo(db);
  return { repo, factsRepo, uploadService, routes: [route(uploadRoutes, { uploadService })] };
}
