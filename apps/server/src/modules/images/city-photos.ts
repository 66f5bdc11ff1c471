import { randomUUID } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { QUEUES } from '../../jobs/boss.ts';
import { SITE_FOLDER_MAX_ENTRIES } from '../../lib/folder-limit.ts';
import type { Logger } from '../../lib/logger.ts';
import { ZPhotoJob, type TPhotoJob } from '../locations/index.ts';
import type { PhotosRepo } from '../locations/index.ts';
import type { JobRef } from '../pages/index.ts';
import type { ImageFiles } from './image-files.ts';
import { DownloadFailed, downloadImage } from './image-download.ts';
import { sniffImage } from './image-format.ts';
import type { ImagesRepo } from './images.repo.ts';
import { workUntilEmpty } from '../../jobs/work.ts';

type Deps = {
  boss: PgBoss;
  repo: ImagesRepo;
  files: ImageFiles;
  photosRepo: PhotosRepo;
  /** Sends the page jobs of places that waited for their photo (generation). */
  sendWaitingPages: (projectId: string, pages: JobRef[]) => Promise<void>;
  /** FETCH_TRUSTED_HOSTS: photo hosts fetched even on private addresses. */
  trustedHosts: readonly string[];
  timeoutMs?: number;
  logger: Logger;
};

// Photos fetched at once by one process: a photo host is someone else's server.
const CONCURRENCY = 4;

/**
 * Places' photos (locations/photo.job.ts): each address a project's sheet gives is fetched
 * once through the public-address guard, checked to be an image by its bytes, and stored as
 * the project's image like a generated one, so every build copies it to /images/{file}. The
 * places that give the address get the file (cities.photo_key); an address that can never be
 * taken gets a note on them instead, and one whose host failed is tried again by the queue.
 */
export function createCityPhotos(deps: Deps) {
  const { repo, files, photosRepo } = deps;

  async function store(projectId: string, url: string, bytes: Buffer) {
    const found = sniffImage(bytes);
    if (!found) throw new DownloadFailed('the address is not a PNG, JPEG or WebP image', false);
    // Every image is a file of the site's one /images/ folder, which Netlify keeps small.
    if ((await repo.countOf(projectId)) >= SITE_FOLDER_MAX_ENTRIES)
      throw new DownloadFailed("the site's image folder is full", false);
    const id = randomUUID();
    const file = `${id}.${found.ext}`;
    await files.save(file, bytes, found.mime);
    try {
      await repo.insert({
        id,
        projectId,
        prompt: '',
        model: 'photo',
        file,
        mime: found.mime,
        bytes: bytes.length,
        width: found.width,
        height: found.height,
        sourceUrl: url,
      });
    } catch (error) {
      // Most likely the project was deleted meanwhile: no row, so no file either.
      await files.remove(file);
      throw error;
    }
    return file;
  }

  /**
   * One address of one project: taken, refused with a note, or thrown for another try (with
   * a note saying so, until the `last` one).
   */
  async function takePhoto({ projectId, url }: TPhotoJob, last: boolean): Promise<void> {
    // The sheet may have moved on since the job was sent.
    if (!(await photosRepo.wanted(projectId, url))) return;
    const stored = await repo.photoFrom(projectId, url);
    if (stored) return photosRepo.stored(projectId, url, stored.file);
    try {
      const bytes = await downloadImage(url, {
        timeoutMs: deps.timeoutMs ?? 30_000,
        trustedHosts: deps.trustedHosts,
      });
      await photosRepo.stored(projectId, url, await store(projectId, url, bytes));
      await repo.prunePhotos(projectId);
    } catch (error) {
      if (!(error instanceof DownloadFailed)) throw error;
      const note = `The photo could not be taken: ${error.message}.`;
      const again = error.transient && !last;
      await photosRepo.refused(projectId, url, again ? `${note} It is tried again.` : note);
      if (again) throw error;
    }
  }

  /**
   * Takes the photo, then sends the pages that waited for it, whatever came of the first try:
   * a page never waits on a photo host's retries (a photo that lands later marks it).
   */
  async function fetchPhoto(job: TPhotoJob, last = true): Promise<void> {
    try {
      await takePhoto(job, last);
    } finally {
      const waiting = await photosRepo.waitingOn(job.projectId, job.url);
      if (waiting.length) await deps.sendWaitingPages(job.projectId, waiting);
    }
  }

  return {
    fetchPhoto,
    async work() {
      await workUntilEmpty(
        deps.boss,
        QUEUES.fetchCityPhoto,
        { batchSize: 1, localConcurrency: CONCURRENCY, includeMetadata: true },
        async ([job]) => {
          const data = ZPhotoJob.parse(job!.data);
          await fetchPhoto(data, job!.retryCount >= job!.retryLimit).catch((err: unknown) => {
            deps.logger.warn({ err, projectId: data.projectId }, "a place's photo was not taken");
            throw err;
          });
        },
      );
    },
  };
}
