import fs from 'node:fs/promises';
import { isInProgress, MSG, PROJECT_STATUS } from '@cityforge/shared';
import type { PgBoss } from 'pg-boss';
import type { ProjectRow } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ProjectsRepo } from '../projects/index.ts';
import type { MemoFiles } from './build-memo.ts';
import { buildFolderOf, type FolderBin } from './build-folders.ts';
import { createDeployProgress, failureOf, type DeployProgress } from './deploy-progress.ts';
import type { DeployStrategy, StrategyBuild } from './deploy-strategy.ts';
import { digestStrategy, LackedFilesError } from './digest-deploy.ts';
import { tellIndexNow, type IndexNowConfig } from './index-now-deploy.ts';
import { ensureTarget, type DeployTarget } from './deploy-target.ts';
import { missingNote } from './missing-note.ts';
import type { SentDeploy } from './netlify-deploys.ts';
import type { Netlify } from './netlify.ts';
import { createNotify, type NotifyEvent } from '../../jobs/notify.ts';
import { ZPublishJob } from './publish-queue.ts';
import type { PublishingRepo } from './publishing.repo.ts';
import type { ReleaseRepo } from './release.repo.ts';
import { buildSite, type BuildResult, type SiteImages } from './site-build.ts';
import { zipStrategy } from './zip-deploy.ts';
import { workUntilEmpty } from '../../jobs/work.ts';

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

const ACTIVE = new Set(['queued', 'building', 'uploading', 'processing']);

/** A built site in a strategy's output, ready to send. */
type Made = { build: StrategyBuild; built: BuildResult };

/**
 * Runs one deploy as a pipeline: make sure the Netlify site exists (with the client's domain),
 * choose how to send it, build the site into a folder of its own, send it, and record the
 * outcome on the deploy and the project. The deploy row carries the progress.
 */
export function createPublishWorker(deps: PublishDeps) {
  const { repo, logger } = deps;
  const notify = createNotify(deps.boss);
  /** The project's people hear how the deploy ended, before its row says so. */
  const tell = (event: NotifyEvent) =>
    notify(event).catch((err: unknown) => logger.warn({ err }, 'deploy notification not queued'));

  /** The project's owner's Netlify client, or null when the owner has no token (or is gone). */
  async function ownerClient(projectId: string) {
    const found = await deps.projectsRepo.withOwner(projectId);
    const client = found && deps.netlify.forOwner(found.owner);
    return found && client ? { project: found.project, client } : null;
  }

  /**
   * A first deploy to this Netlify site: Netlify lacks every file, and a big site goes as one
   * ZIP instead of a request per file (zip-deploy.ts). A redeploy sends its digest.
   */
  async function chooseStrategy(target: DeployTarget): Promise<DeployStrategy> {
    if (target.remembered) return digestStrategy;
    const { id } = target.project;
    const cities = (await deps.projectsRepo.cityCounts([id])).get(id) ?? 0;
    return cities >= deps.zip.fromCities ? zipStrategy(deps.zip.level) : digestStrategy;
  }

  async function build(
    target: DeployTarget,
    strategy: DeployStrategy,
    dir: string,
    progress: DeployProgress,
    memo?: MemoFiles,
  ): Promise<Made> {
    const opened = await strategy.open(dir);
    try {
      const built = await buildSite({
        project: target.project,
        siteUrl: target.siteUrl,
        repo,
        images: deps.images,
        out: opened.out,
        memo,
        indexNowKey: target.indexNow?.key,
        onProgress: (files) => progress.written(files),
      });
      await opened.seal();
      return { build: opened, built };
    } catch (error) {
      opened.discard();
      throw error;
    }
  }

  async function send(target: DeployTarget, made: Made, progress: DeployProgress) {
    await progress.built(made.built.files, target.siteUrl);
    return made.build.send({ client: target.client, siteId: target.siteId, progress });
  }

  /** Builds the site and sends it, its pages marked live meanwhile. */
  async function buildAndSend(target: DeployTarget, dir: string, progress: DeployProgress) {
    const strategy = await chooseStrategy(target);
    const builtFrom = new Date();
    const made = await build(target, strategy, dir, progress, target.remembered);
    const marking = markLive(target.project, builtFrom);
    const outcome = await sendOrRebuild(target, strategy, made, dir, progress);
    await marking;
    return outcome;
  }

  /**
   * Sends; a send that finds Netlify lacking files the memo said it had (a site emptied on its
   * side) builds the whole site again and sends that.
   */
  async function sendOrRebuild(
    target: DeployTarget,
    strategy: DeployStrategy,
    made: Made,
    dir: string,
    progress: DeployProgress,
  ): Promise<{ made: Made; sent: SentDeploy }> {
    try {
      return { made, sent: await send(target, made, progress) };
    } catch (error) {
      if (!(error instanceof LackedFilesError)) throw error;
      logger.warn({ dir }, 'Netlify lacks remembered files: building the whole site');
      await fs.rm(dir, { recursive: true, force: true });
      await progress.building();
      const whole = await build(target, strategy, dir, progress);
      return { made: whole, sent: await send(target, whole, progress) };
    }
  }

  /**
   * Without staging every written page goes out; marked so, turning staging on later keeps
   * them live (only pages not yet deployed wait for a batch). Only pages written before the
   * build began (`builtFrom`): a page written since is not the one that went out. Marked
   * while the site is sent: on the embedded database the update of every city row (~1 s for
   * 10,000) would otherwise hold up the build's own reads, or the deploy's end.
   */
  function markLive(project: ProjectRow, builtFrom: Date): Promise<unknown> {
    if (project.releasePerDay !== null) return Promise.resolve();
    const marking = deps.releases.markDeployedUnstaged(project.id, builtFrom);
    // Awaited after the send; a send that fails first must not leave its rejection unhandled.
    marking.catch(() => {});
    return marking;
  }

  /** The deploy is live: the memo, the project, IndexNow and the deploy row say so. */
  async function record(
    target: DeployTarget,
    { made, sent }: Awaited<ReturnType<typeof buildAndSend>>,
  ) {
    const { project, memo } = target;
    const { built } = made;
    // An unchanged site leaves the memo as it was: no write of a megabyte for nothing.
    const next = JSON.stringify(built.memo);
    if (memo?.siteId !== target.siteId || memo.raw !== next)
      await repo.saveSiteMemo(project.id, target.siteId, next);
    // Its addresses are live: the next deploy redirects whichever of them it no longer has.
    await repo.saveSiteAddresses(project.id, built.redirects.changes);
    const after = await deps.projectsRepo.findById(project.id);
    await deps.projectsRepo.update(project.id, {
      hasSiteMap: built.hasSitemap,
      // A generation started meanwhile keeps its status; the site is live all the same.
      ...(after && !isInProgress(after.status) ? { status: PROJECT_STATUS.published } : {}),
    });
    // The site is live: IndexNow may fetch the key file now. Bounded and never throwing, it
    // is told before the deploy reads ready so the line arrives with the deploy's outcome.
    const told =
      target.indexNow &&
      (await tellIndexNow({
        config: deps.indexNow,
        site: target.indexNow,
        previous: target.remembered,
        next: built.memo,
        moved: built.redirects.moved,
        logger,
      }));
    return { uploaded: sent.uploaded, note: missingNote(built.missing), indexNow: told };
  }

  async function run(deployId: string): Promise<void> {
    const deploy = await repo.findDeploy(deployId);
    if (!deploy || !ACTIVE.has(deploy.state)) return;
    const progress = createDeployProgress(repo, deployId, deps.netlify.limits);
    const owned = await ownerClient(deploy.projectId);
    if (!owned) {
      progress.stop();
      await tell({
        event: 'deployFailed',
        projectId: deploy.projectId,
        error: MSG.netlifyTokenMissing,
      });
      return progress.finish({
        state: 'error',
        error: MSG.netlifyTokenMissing,
        errorKind: 'token',
      });
    }
    // The build lives on this process's own disk, named by the deploy: only this run of this
    // job writes and reads it and it is gone when the run ends. Deploys are not retried: one
    // whose worker died ends as interrupted, and the next builds anew from the database and
    // the file store on whichever worker takes it, so no disk is ever shared.
    const dir = buildFolderOf(deps.dataDir, deployId);
    deps.bin.started();
    try {
      await progress.building();
      const target = await ensureTarget(deps, owned);
      const outcome = await buildAndSend(target, dir, progress);
      const { uploaded, note, indexNow } = await record(target, outcome);
      await tell({ event: 'deployed', projectId: deploy.projectId });
      await progress.finish({ state: 'ready', filesUploaded: uploaded, note, indexNow });
    } catch (error) {
      const failure = failureOf(error);
      if (failure.errorKind === 'build') logger.error({ err: error, deployId }, 'deploy failed');
      else logger.warn({ deployId, reason: failure.error }, 'deploy refused by Netlify');
      await tell({ event: 'deployFailed', projectId: deploy.projectId, error: failure.error });
      await progress.finish({ state: 'error', ...failure });
    } finally {
      progress.stop();
      deps.bin.finished(dir);
    }
  }

  return {
    run,
    async start(concurrency = 2) {
      await workUntilEmpty(
        deps.boss,
        QUEUES.publishSite,
        { batchSize: 1, localConcurrency: concurrency },
        async (jobs) => {
          for (const job of jobs) await run(ZPublishJob.parse(job.data).deployId);
        },
      );
    },
  };
}
