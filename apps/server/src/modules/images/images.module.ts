import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { Logger } from '../../lib/logger.ts';
import { route } from '../../lib/module.ts';
import type { NewUsage } from '../ai/index.ts';
import type { ServerKeys } from '../models/index.ts';
import type { Access } from '../projects/index.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import type { PhotosRepo } from '../locations/index.ts';
import type { JobRef } from '../pages/index.ts';
import { createCityPhotos } from './city-photos.ts';
import { createImageFiles } from './image-files.ts';
import { createImageProvider } from './image-provider.ts';
import { createImagesRepo } from './images.repo.ts';
import { imagesRoutes } from './images.routes.ts';
import { createImagesService } from './images.service.ts';

const IMAGE_SWEEP_MS = 6 * 60 * 60 * 1000;

export function createImagesModule(deps: {
  db: Db;
  boss: PgBoss;
  /** Places' photos: which places give an address, and their stored copies. */
  photosRepo: PhotosRepo;
  /** Sends the page jobs of places that waited for their photo (generation). */
  sendWaitingPages: (projectId: string, pages: JobRef[]) => Promise<void>;
  config: Pick<Config, 'OPENAI_BASE_URL' | 'fetchTrustedHosts'>;
  store: FileStore;
  access: Access;
  cipher: Cipher;
  serverKeys: ServerKeys;
  recordUsage: (row: NewUsage) => Promise<void>;
  logger: Logger;
}) {
  const { config, logger } = deps;
  const files = createImageFiles(deps.store);
  const repo = createImagesRepo(deps.db);
  const photos = createCityPhotos({
    boss: deps.boss,
    repo,
    files,
    photosRepo: deps.photosRepo,
    sendWaitingPages: deps.sendWaitingPages,
    trustedHosts: config.fetchTrustedHosts,
    logger,
  });
  const service = createImagesService({
    repo,
    files,
    provider: createImageProvider({
      baseUrl: config.OPENAI_BASE_URL,
      trustedHosts: config.fetchTrustedHosts,
    }),
    access: deps.access,
    cipher: deps.cipher,
    serverKeys: deps.serverKeys,
    recordUsage: deps.recordUsage,
  });
  return {
    /** The stored image files, for the builds that copy them into a site. */
    files,
    service,
    routes: [route(imagesRoutes, { imagesService: service })],
    /**
     * Places' photos fetched by their jobs; image files of deleted projects, swept at start
     * and every few hours (idempotent across workers). Answers how to stop the timer: an app
     * closed inside a living process (tests share one) must not keep sweeping through a
     * closed database.
     */
    async workers() {
      await photos.work();
      const sweep = () =>
        service
          .sweepOrphans()
          .then((n) => n && logger.info({ removed: n }, 'removed image files of deleted projects'))
          .catch((error: unknown) => logger.warn({ err: error }, 'image sweep failed'));
      void sweep();
      const timer = setInterval(sweep, IMAGE_SWEEP_MS).unref();
      return () => clearInterval(timer);
    },
  };
}
