import type { Access, ProjectsRepo } from '../projects/index.ts';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isDeployActive,
  isInProgress,
  MSG,
  PAGE_STATUS,
  SITE_REDIRECTS_PAGE_SIZE,
  type TPublishResult,
} from '@cityforge/shared';
import type { PgBoss } from 'pg-boss';
import type { DeployRow, ProjectRow, UserRow } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { toDeployment } from '../projects/index.ts';
import { slugify } from '../../lib/slugify.ts';
import { netlifyAppError } from './netlify-client.ts';
import type { Netlify } from './netlify.ts';
import { publishedUrl } from './netlify-site.ts';
import { sendPublishJob } from './publish-queue.ts';
import type { PublishingRepo } from './publishing.repo.ts';
import type { StoreSettings } from '../../lib/storage/open-store.ts';
import { missingNote } from './missing-note.ts';
import { siteZip, type SiteZipBudget } from './site-zip.ts';

type Deps = {
  boss: PgBoss;
  repo: PublishingRepo;
  projectsRepo: ProjectsRepo;
  netlify: Netlify;
  access: Access;
  dataDir: string;
  /** The file store every process shares, as settings a ZIP's build process can open. */
  storeSettings: StoreSettings;
  /** SITE_ZIP_TIMEOUT_SECONDS, _MEMORY_MB and _QUEUE_SECONDS: the limits of one download's build. */
  siteZipBudget?: SiteZipBudget;
  /** How long POST publish/ waits for the deploy before answering with its progress (202). */
  waitMs: number;
  /** A deploy whose worker has not written for this long has lost its worker. */
  staleMs: number;
};

const normalUrl = (url: string) => url.trim().replace(/\/+$/, '').toLowerCase();

export function createPublishService(deps: Deps) {
  const { repo } = deps;
  const staleSince = () => new Date(Date.now() - deps.staleMs);

  /** Waits for the deploy to finish; a deploy whose worker died is closed as interrupted. */
  async function settled(deployId: string): Promise<DeployRow> {
    const started = Date.now();
    const deadline = started + deps.waitMs;
    for (;;) {
      const deploy = await repo.findDeploy(deployId);
      if (!deploy) throw notFound('Deploy not found.');
      if (!isDeployActive(deploy.state) || Date.now() > deadline) return deploy;
      if (Date.now() - deploy.heartbeatAt.getTime() > deps.staleMs) {
        await repo.abandonStale(deploy.projectId, staleSince(), MSG.deployInterrupted);
      }
      // Short at first: a redeploy of one changed page is ready in well under a second; a long
      // deploy is looked at every 100 ms (one primary-key read).
      await sleep(Date.now() - started < 2_000 ? 25 : 100);
    }
  }

  function failure(deploy: DeployRow): AppError {
    const message = deploy.error ?? MSG.deploymentFailed;
    if (deploy.errorKind === 'token') return badRequest(message);
    if (deploy.errorKind === 'build') return new AppError('conflict', message);
    return new AppError('bad_gateway', message);
  }

  return {
    /**
     * Deploys the project (the Deploy button). `beforeBuild` changes what the deploy carries
     * (release all: every page released) once the deploy is the project's only one and before
     * its job can read anything.
     */
    async publish(
      user: UserRow,
      id: string,
      opts: { beforeBuild?: (project: ProjectRow) => Promise<unknown> } = {},
    ): Promise<{ status: 200 | 202; body: TPublishResult }> {
      const project = await deps.access(user, id, 'edit');
      if (isInProgress(project.status))
        throw new AppError('conflict', 'The project is generating; deploy it when it finishes.');
      // Nothing half-done: every refusal comes before the deploy exists.
      if (!(await deps.netlify.forProject(project, user)))
        throw badRequest(MSG.netlifyTokenMissing);
      const pages = await deps.projectsRepo.pagesOf(project.id);
      if (!pages.some((p) => p.kind === 'homepage' && p.status === PAGE_STATUS.completed))
        throw new AppError('conflict', MSG.nothingToPublish);
      await repo.abandonStale(project.id, staleSince(), MSG.deployInterrupted);
      const deploy = await repo.startDeploy(project.id);
      if (!deploy) throw new AppError('conflict', MSG.deployAlreadyRunning);
      await opts.beforeBuild?.(project);
      await sendPublishJob(deps.boss, deploy.id);

      const done = await settled(deploy.id);
      if (done.state === 'error') throw failure(done);
      const after = (await deps.projectsRepo.findById(project.id)) ?? project;
      return {
        status: done.state === 'ready' ? 200 : 202,
        body: {
          status: after.status,
          netlifyUrl: after.netlifySiteUrl ?? '',
          hasSiteMap: after.hasSiteMap,
          netlify_site_url_history: after.netlifySiteUrlHistory,
          deployment: toDeployment(done),
        },
      };
    },

    async deployment(user: UserRow, id: string) {
      const project = await deps.access(user, id, 'read');
      // A deploy whose worker died reads as interrupted, not as uploading for ever.
      await repo.abandonStale(project.id, staleSince(), MSG.deployInterrupted);
      const deploy = await repo.latestDeploy(project.id);
      return deploy ? toDeployment(deploy) : null;
    },

    /**
     * The built site as a ZIP; needs no Netlify token. Canonical URLs use the best address
     * known. `signal`: the client left, so the build stops.
     */
    async download(user: UserRow, id: string, signal?: AbortSignal) {
      const project = await deps.access(user, id, 'read');
      const siteUrl =
        publishedUrl(project) ??
        (project.clientDomain ? `https://${project.clientDomain}` : undefined);
      const zip = await siteZip({
        project,
        siteUrl,
        repo,
        store: deps.storeSettings,
        tmpRoot: path.join(deps.dataDir, 'tmp'),
        budget: deps.siteZipBudget,
        signal,
      });
      return {
        ...zip,
        note: missingNote(zip.missing),
        filename: `${slugify(project.name) || 'site'}-site.zip`,
      };
    },

    /** One page of the site's 301s, newest first (site-redirects.ts makes them). */
    async redirects(user: UserRow, id: string, page: number) {
      const project = await deps.access(user, id, 'read');
      const found = await repo.redirectsPage(project.id, page, SITE_REDIRECTS_PAGE_SIZE);
      const results = found.rows.map((r) => ({
        from: r.from,
        to: r.to ?? '/',
        since: (r.since ?? new Date(0)).toISOString(),
      }));
      return { count: found.count, results };
    },

    /**
     * Deletes a Netlify site of the project named by its URL: the current one (the project
     * loses its link and sitemap) or an older one from the history. Either way the URL leaves
     * the history: it no longer leads anywhere.
     */
    async deleteSite(user: UserRow, id: string, siteUrl: string) {
      const project = await deps.access(user, id, 'edit');
      const wanted = normalUrl(siteUrl);
      const current = project.netlifySiteUrl && normalUrl(project.netlifySiteUrl) === wanted;
      const inHistory = project.netlifySiteUrlHistory.some((u) => normalUrl(u) === wanted);
      if (!current && !inHistory) throw notFound(MSG.siteUrlUnknown);
      const client = await deps.netlify.forProject(project, user);
      if (!client) throw badRequest(MSG.netlifyTokenMissing);
      const host = new URL(/^https?:\/\//i.test(wanted) ? wanted : `https://${wanted}`).host;
      try {
        await client.deleteSite(current && project.netlifySiteId ? project.netlifySiteId : host);
      } catch (error) {
        throw netlifyAppError(error, MSG.deleteNetlifyFailed);
      }
      await deps.projectsRepo.update(project.id, {
        netlifySiteUrlHistory: project.netlifySiteUrlHistory.filter((u) => normalUrl(u) !== wanted),
        ...(current ? { netlifySiteId: null, netlifySiteUrl: null, hasSiteMap: false } : {}),
      });
      return { message: MSG.netlifySiteDeleted };
    },
  };
}
export type PublishService = ReturnType<typeof createPublishService>;
