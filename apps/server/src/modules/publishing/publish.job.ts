import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isInProgress, MSG, PROJECT_STATUS } from '@cityforge/shared';
import type { PgBoss } from 'pg-boss';
import type { DeployRow } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ProjectsRepo } from '../projects/projects.repo.ts';
import { digestDeploy, LackedFilesError } from './digest-deploy.ts';
import { NetlifyError, tokenRejected } from './netlify-client.ts';
import type { Netlify } from './netlify.ts';
import type { PublishingRepo } from './publishing.repo.ts';
import { buildSite, type SiteImages } from './site-build.ts';
import { ensureSite, publishedUrl } from './netlify-site.ts';
import { buildFolderOf, type FolderBin } from './build-folders.ts';
import { missingNote } from './missing-note.ts';
import { slotWaitNote } from './slot-wait-note.ts';
import { createSiteOutput } from './site-output.ts';
import { createZipOutput } from './site-zip-output.ts';
import { zipDeploy } from './zip-deploy.ts';
import type { MemoFiles } from './build-memo.ts';
import type { ReleaseRepo } from './release.repo.ts';
import { indexNowSite, tellIndexNow, type IndexNowConfig } from './index-now-deploy.ts';
import { openPrebuilt, removePrebuilt } from './prebuild.job.ts';
import type { OpenedPack } from './site-pack.ts';

const ZPublishJob = z.object({ deployId: z.string() });

export async function sendPublishJob(boss: PgBoss, deployId: string): Promise<void> {
  await boss.send(QUEUES.publishSite, { deployId });
}

export type PublishDeps = {
  boss: PgBoss;
  repo: PublishingRepo;
  projectsRepo: ProjectsRepo;
  netlify: Netlify;
  /** The project's stored images, copied into the build. */
  images: SiteImages;
  /** This process's own disk: the build folder is this job's alone (see the run below). */
  dataDir: string;
  /** Where the finished deploy's build folder waits to be removed, off the next one's path. */
  bin: FolderBin;
  /** Where and how long a deploy to a verified domain tells IndexNow what changed. */
  indexNow: IndexNowConfig;
  /**
   * A first deploy to a Netlify site of at least `fromCities` cities goes as one ZIP, its pages
   * deflated at `level` (NETLIFY_ZIP_FROM_CITIES, NETLIFY_ZIP_LEVEL).
   */
  zip: { fromCities: number; level: number };
  /** Staged releases: what a deploy without staging puts live is marked released. */
  releases: Pick<ReleaseRepo, 'markDeployedUnstaged'>;
  logger: Logger;
};

/** A ZIP output in the deploy's build folder (made first: the ZIP is its only file). */
async function zipOutputIn(dir: string, level: number) {
  await fs.mkdir(dir, { recursive: true });
  return createZipOutput(path.join(dir, 'site.zip'), level);
}

const ACTIVE = new Set(['queued', 'building', 'uploading', 'processing']);

/** Netlify's refusal of the token, or any other failure, in words for the owner. */
function failureOf(error: unknown): { error: string; errorKind: DeployRow['errorKind'] } {
  if (error instanceof NetlifyError) {
    return error.kind === 'token'
      ? { error: tokenRejected(error), errorKind: 'token' }
      : { error: `Netlify could not take the deploy: ${error.reason}`, errorKind: 'netlify' };
  }
  if (error instanceof AppError) return { error: error.message, errorKind: 'build' };
  return {
    error: 'The site could not be built. Try again; if it keeps failing, contact support.',
    errorKind: 'build',
  };
}

/**
 * Runs one deploy: make sure the Netlify site exists (with the client's domain), build the
 * site into a folder of its own, send its digest, upload what Netlify lacks, wait for ready,
 * and record the outcome on the deploy and the project. The deploy row carries the progress.
 */
export function createPublishWorker(deps: PublishDeps) {
  const { repo, logger } = deps;

  async function run(deployId: string): Promise<void> {
    const deploy = await repo.findDeploy(deployId);
    if (!deploy || !ACTIVE.has(deploy.state)) return;
    const found = await deps.projectsRepo.withOwner(deploy.projectId);
    const client = found && deps.netlify.forOwner(found.owner);
    if (!found || !client) {
      await finish(deployId, {
        state: 'error',
        error: MSG.netlifyTokenMissing,
        errorKind: 'token',
      });
      return;
    }
    // The build lives on this process's own disk, named by the deploy: only this run of this
    // job writes and reads it and it is gone when the run ends. Deploys are not retried: one
    // whose worker died ends as interrupted, and the next builds anew from the database and
    // the file store on whichever worker takes it, so no disk is ever shared.
    const dir = buildFolderOf(deps.dataDir, deployId);
    // Long steps (a big build, a slow upload) write nothing for a while; keep the row alive.
    // Every 5 s: RECOVER_AFTER_SECONDS (15 at least) then spans three missed beats.
    const beat = setInterval(() => void repo.updateDeploy(deployId, {}).catch(() => {}), 5_000);
    deps.bin.started();
    let prebuilt: OpenedPack | null = null;
    try {
      await repo.updateDeploy(deployId, { state: 'building' });
      const { site, project } = await ensureSite(client, deps.projectsRepo, found.project, logger);
      const siteUrl = publishedUrl(project);
      // The last deploy to this same Netlify site tells which files did not change.
      const memo = await repo.siteMemo(project.id);
      const remembered = memo?.siteId === site.id ? memo.files : undefined;
      const indexNow = await indexNowSite(deps.projectsRepo, project);
      // A first deploy to this Netlify site: Netlify lacks every file, and a big site goes as
      // one ZIP instead of a request per file (zip-deploy.ts). A redeploy sends its digest.
      const zipped =
        !remembered &&
        ((await deps.projectsRepo.cityCounts([project.id])).get(project.id) ?? 0) >=
          deps.zip.fromCities;
      // The site built ahead on this machine, when it was (prebuild.job.ts): its pages are
      // copied, not rendered, where their inputs did not change since.
      prebuilt = zipped ? await openPrebuilt(deps.dataDir, project.id) : null;
      const build = async (previous?: MemoFiles) => {
        const out = zipped ? await zipOutputIn(dir, deps.zip.level) : createSiteOutput(dir);
        try {
          const built = await buildSite({
            project,
            siteUrl,
            repo,
            images: deps.images,
            out,
            memo: previous,
            prebuilt: prebuilt ?? undefined,
            indexNowKey: indexNow?.key,
            onProgress: (files) => repo.updateDeploy(deployId, { filesTotal: files }),
          });
          const zip = 'finish' in out ? { file: out.file, size: await out.finish() } : null;
          return { out, built, zip };
        } catch (error) {
          if ('discard' in out) out.discard();
          throw error;
        }
      };
      const send = async ({ out, built, zip }: Awaited<ReturnType<typeof build>>) => {
        await repo.updateDeploy(deployId, { filesTotal: built.files, siteUrl });
        // Queued behind the token's other deploys (Netlify takes 3 a minute): not a failure.
        const onSlotWait = (until: Date) =>
          repo.updateDeploy(deployId, { note: slotWaitNote(deps.netlify.limits, until) });
        const onProcessing = () => repo.updateDeploy(deployId, { state: 'processing' });
        if (zip)
          return zipDeploy({
            client,
            siteId: site.id,
            zip,
            digest: out.digest,
            onSlotWait,
            onUploading: (files) =>
              repo.updateDeploy(deployId, { state: 'uploading', filesToUpload: files, note: null }),
            onUploaded: (netlifyDeployId, files) =>
              repo.updateDeploy(deployId, { netlifyDeployId, filesUploaded: files }),
            onProcessing,
          });
        let saved = 0;
        return digestDeploy({
          client,
          siteId: site.id,
          dir,
          digest: out.digest,
          reused: out.reused,
          onSlotWait,
          onRequired: (netlifyDeployId, files) =>
            repo.updateDeploy(deployId, {
              state: 'uploading',
              netlifyDeployId,
              filesToUpload: files,
              note: null,
            }),
          onUploaded: async (uploaded) => {
            // Progress is written about every 2% (and at the end), not once per file.
            if (uploaded - saved < Math.max(1, Math.floor(built.files / 50))) return;
            saved = uploaded;
            await repo.updateDeploy(deployId, { filesUploaded: uploaded });
          },
          onProcessing,
        });
      };
      const builtFrom = new Date();
      let made = await build(remembered);
      // Without staging every written page goes out; marked so, turning staging on later
      // keeps them live (only pages not yet deployed wait for a batch). Marked while the site
      // is sent: on the embedded database the update of every city row (~1 s for 10,000)
      // would otherwise hold up the build's own reads, or the deploy's end.
      const marking =
        project.releasePerDay === null
          ? deps.releases.markDeployedUnstaged(project.id, builtFrom)
          : Promise.resolve();
      // Awaited below; a send that fails first must not leave its rejection unhandled.
      marking.catch(() => {});
      let sent: Awaited<ReturnType<typeof send>>;
      try {
        sent = await send(made);
      } catch (error) {
        if (!(error instanceof LackedFilesError)) throw error;
        logger.warn({ deployId }, 'Netlify lacks remembered files: building the whole site');
        await fs.rm(dir, { recursive: true, force: true });
        await repo.updateDeploy(deployId, { state: 'building' });
        made = await build();
        sent = await send(made);
      }
      await marking;
      const { built } = made;
      // Deployed: from now on the memo tells what changed, and the pack is no longer needed.
      if (prebuilt) {
        logger.info(
          { deployId, files: built.files, copied: built.prebuilt },
          'deployed the site built ahead',
        );
        await removePrebuilt(deps.dataDir, project.id);
      }
      // An unchanged site leaves the memo as it was: no write of a megabyte for nothing.
      const next = JSON.stringify(built.memo);
      if (memo?.siteId !== site.id || memo.raw !== next)
        await repo.saveSiteMemo(project.id, site.id, next);
      const after = await deps.projectsRepo.findById(project.id);
      await deps.projectsRepo.update(project.id, {
        hasSiteMap: built.hasSitemap,
        // A generation started meanwhile keeps its status; the site is live all the same.
        ...(after && !isInProgress(after.status) ? { status: PROJECT_STATUS.published } : {}),
      });
      // The site is live: IndexNow may fetch the key file now. Bounded and never throwing, it
      // is told before the deploy reads ready so the line arrives with the deploy's outcome.
      const told =
        indexNow &&
        (await tellIndexNow({
          config: deps.indexNow,
          site: indexNow,
          previous: remembered,
          next: built.memo,
          logger,
        }));
      await finish(deployId, {
        state: 'ready',
        filesUploaded: sent.uploaded,
        note: missingNote(built.missing),
        indexNow: told,
      });
    } catch (error) {
      const failure = failureOf(error);
      if (failure.errorKind === 'build') logger.error({ err: error, deployId }, 'deploy failed');
      else logger.warn({ deployId, reason: failure.error }, 'deploy refused by Netlify');
      await finish(deployId, { state: 'error', ...failure });
    } finally {
      await prebuilt?.handle.close();
      clearInterval(beat);
      deps.bin.finished(dir);
    }
  }

  function finish(deployId: string, patch: Parameters<PublishingRepo['updateDeploy']>[1]) {
    return repo.updateDeploy(deployId, { ...patch, finishedAt: new Date() });
  }

  return {
    run,
    async start(concurrency = 2) {
      await deps.boss.work(
        QUEUES.publishSite,
        { batchSize: 1, localConcurrency: concurrency },
        async (jobs) => {
          for (const job of jobs) await run(ZPublishJob.parse(job.data).deployId);
        },
      );
    },
  };
}
