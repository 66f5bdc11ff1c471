import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Job, PgBoss } from 'pg-boss';
import { PAGE_STATUS } from '@cityforge/shared';
import type { Db } from '../../db/client.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { Logger } from '../../lib/logger.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { ProjectsRepo } from '../projects/projects.repo.ts';
import { ProviderError, type AiClient } from './ai-client.ts';
import { publishChange, type ChangeEvent } from './change-feed.ts';
import { resolveApiKey, type ServerKeys } from '../models/keys.ts';
import { findModel } from '../models/models.ts';
import { ContentFailure, writePage } from './page-writer.ts';
import { sendPageJobs, ZPageJob, type TPageJob } from './page-jobs.ts';
import { renderPageParts, servicePagesFrom } from './render-page.ts';
import type { TPageContent } from '../pages/content.ts';
import type { JobRef, PagesRepo } from '../pages/pages.repo.ts';
import type { UsageRepo } from './usage.repo.ts';
import type { PromptPage } from './prompts.ts';
import type { PageRow, ProjectRow } from '../../db/schema/index.ts';
import type { LocationsRepo } from '../locations/locations.repo.ts';
import { cityPromptPage, loadCityPage, renderCityParts } from './city-page.ts';
import { sendScoreJob, startScoreWorker } from '../locations/similarity.job.ts';

/** Rate limits and outages: how often a page goes back to the queue before it fails. */
export const MAX_PROVIDER_ATTEMPTS = 8;
const MAX_WAIT_SECONDS = 300;

export type WorkerDeps = {
  boss: PgBoss;
  db: Db;
  repo: PagesRepo;
  usageRepo: UsageRepo;
  projectsRepo: ProjectsRepo;
  locationsRepo: LocationsRepo;
  ai: AiClient;
  cipher: Cipher;
  serverKeys: ServerKeys;
  logger: Logger;
  /** Pages handled at once by this process. */
  concurrency: number;
  /** Pages written at once per API key, across every worker process. */
  keyConcurrency: number;
};

/** Exponential backoff with jitter when the provider gave no Retry-After. */
export function backoffSeconds(attempt: number, random = Math.random()): number {
  return Math.min(MAX_WAIT_SECONDS, 2 ** attempt * (1 + random));
}

const CALL_TYPES = { homepage: 'homepage', main: 'main_page', service: 'service_page' } as const;

export function createPageWorker(deps: WorkerDeps) {
  const { repo, logger } = deps;
  // Change notices are for live screens (which also poll): they go out in order, off the
  // critical path between one model call and the next.
  let notices: Promise<void> = Promise.resolve();
  const publish = (event: ChangeEvent) => {
    notices = notices
      .then(() => publishChange(deps.db, event))
      .catch((err: unknown) => logger.warn({ err }, 'could not publish a page change'));
  };

  async function settle(projectId: string) {
    const status = await repo.settleProject(projectId);
    if (!status) return;
    publish({ projectId, kind: 'project', id: projectId, status });
    // Sameness is measured once a project's pages are all written, against each other.
    await sendScoreJob(deps.boss, projectId);
  }

  const kindOf = (data: TPageJob) => (data.target === 'city' ? 'city' : 'page');

  async function fail(data: TPageJob, jobId: string | null, reason: string) {
    if (await repo.fail(data.target, data.pageId, jobId, reason))
      publish({
        projectId: data.projectId,
        kind: kindOf(data),
        id: data.pageId,
        status: PAGE_STATUS.failed,
      });
  }

  /** What one job writes: the prompt, how to store the answer, and how to bill it. */
  type Work = {
    page: PromptPage;
    model: string;
    callType: string;
    ref: JobRef;
    /** Stores the written page; answers the pages it brought (a homepage's services). */
    store: (content: TPageContent, jobId: string) => Promise<JobRef[]>;
  };

  function pageWork(project: ProjectRow, page: PageRow): Work {
    return {
      page,
      model: page.model,
      callType: CALL_TYPES[page.kind],
      ref: page,
      async store(content, jobId) {
        const result = { content, ...renderPageParts(content, page, project) };
        // Only a homepage that brings service pages needs a transaction; every other page is
        // one statement, which is most of a big project's pages.
        if (page.kind === 'homepage' && project.createServicePages)
          return deps.db.transaction(async (tx) =>
            (await repo.complete('page', page.id, jobId, result, tx))
              ? repo.insertPages(servicePagesFrom(content, page), tx)
              : [],
          );
        await repo.complete('page', page.id, jobId, result);
        return [];
      },
    };
  }

  async function cityWork(project: ProjectRow, cityId: string): Promise<Work | null> {
    const city = await loadCityPage(deps.locationsRepo, project, cityId);
    if (!city) return null;
    return {
      page: cityPromptPage(city),
      model: city.city.model,
      callType: 'city_page',
      ref: city.city,
      async store(content, jobId) {
        const parts = renderCityParts(content, city, project);
        await repo.complete('city', city.city.id, jobId, { content, ...parts });
        return [];
      },
    };
  }

  async function run(job: Job<TPageJob>): Promise<void> {
    const data = ZPageJob.parse(job.data);
    // Done already, deleted, or another job holds it: nothing to do, and nothing to undo.
    const page = data.target === 'page' ? await repo.claimPage(data.pageId, job.id) : null;
    if (data.target === 'page' ? !page : !(await repo.claimCity(data.pageId, job.id))) return;
    const kind = kindOf(data);
    publish({ projectId: data.projectId, kind, id: data.pageId, status: PAGE_STATUS.inProgress });
    const found = await deps.projectsRepo.withOwner(data.projectId);
    if (!found) return;
    const { project, owner } = found;
    const work = page ? pageWork(project, page) : await cityWork(project, data.pageId);
    // Deleted while it was being claimed: the project may have nothing left to wait for.
    if (!work) return settle(project.id);

    const model = findModel(work.model);
    if (!model) {
      await fail(data, job.id, `The model ${work.model} is no longer offered; retry with another.`);
      return settle(project.id);
    }
    const { key, missing } = resolveApiKey(owner, model, deps.serverKeys, deps.cipher);
    if (missing) {
      await fail(data, job.id, missing);
      return settle(project.id);
    }

    try {
      const content = await writePage(deps.ai, {
        project,
        page: work.page,
        model,
        apiKey: key,
        signal: job.signal,
        recordUsage: (usage, phase, mode) =>
          deps.usageRepo.recordUsage({
            userId: owner.id,
            projectId: project.id,
            ...(data.target === 'city' ? { cityId: data.pageId } : { pageId: data.pageId }),
            model: model.id,
            callType: phase === 'repair' ? `${work.callType}_repair` : work.callType,
            outputMode: mode,
            promptTokens: usage.promptTokens,
            completionTokens: usage.completionTokens,
            totalTokens: usage.totalTokens,
          }),
      });
      const added = await work.store(content, job.id);
      await sendPageJobs(deps.boss, { owner, pages: added, serverKeys: deps.serverKeys });
      publish({ projectId: project.id, kind, id: data.pageId, status: PAGE_STATUS.completed });
    } catch (error) {
      if (error instanceof ProviderError && error.retryable) {
        if (data.attempt + 1 < MAX_PROVIDER_ATTEMPTS) {
          // The provider's Retry-After is an instruction; without one, back off exponentially.
          const seconds = Math.min(
            MAX_WAIT_SECONDS,
            error.retryAfterMs !== null
              ? Math.max(1, error.retryAfterMs / 1000)
              : backoffSeconds(data.attempt),
          );
          logger.info(
            { pageId: data.pageId, target: data.target, status: error.status, seconds },
            'provider busy; page back in the queue',
          );
          await repo.release(data.target, data.pageId, job.id);
          await sendPageJobs(deps.boss, {
            owner,
            pages: [work.ref],
            target: data.target,
            serverKeys: deps.serverKeys,
            attempt: data.attempt + 1,
            startAfterSeconds: seconds,
          });
          publish({ projectId: project.id, kind, id: data.pageId, status: PAGE_STATUS.queued });
          return;
        }
        await fail(data, job.id, `${error.message} (gave up after ${MAX_PROVIDER_ATTEMPTS} tries)`);
      } else if (error instanceof ProviderError || error instanceof ContentFailure) {
        await fail(data, job.id, error.message);
      } else {
        // A bug or a lost database: the queue retries the job; the dead-letter handler fails
        // the page if every retry breaks the same way.
        throw error;
      }
    }
    await settle(project.id);
  }

  /** After the queue's own retries ran out (crashes, bugs): the page fails visibly. */
  async function giveUp(job: Job<TPageJob>): Promise<void> {
    const data = ZPageJob.parse(job.data);
    await fail(data, null, 'Generation stopped unexpectedly several times; retry the page.');
    await settle(data.projectId);
  }

  return {
    run,
    giveUp,
    /**
     * One pg-boss worker per slot, each woken as soon as it finishes a page so a busy queue
     * never waits out a polling interval between pages (the pipeline's overhead budget).
     */
    async start() {
      for (let i = 0; i < deps.concurrency; i++) {
        const self: { id: string | null } = { id: null };
        self.id = await deps.boss.work<TPageJob>(
          QUEUES.generatePage,
          {
            batchSize: 1,
            groupConcurrency: deps.keyConcurrency,
            // NOTIFY does not fire when a delayed page (after a Retry-After) comes due; a
            // one-second poll picks it up on time.
            pollingIntervalSeconds: 1,
            notifyPollingIntervalSeconds: 1,
          },
          async ([job]) => {
            try {
              // On PGlite every query resolves without I/O, so a long queue of offline pages
              // would chain promises without end and starve HTTP; each page yields once.
              await nextTurn();
              if (job) await run(job);
            } finally {
              if (self.id) deps.boss.notifyWorker(self.id);
            }
          },
        );
      }
      await deps.boss.work<TPageJob>(QUEUES.generatePageFailed, async (jobs) => {
        for (const job of jobs) await giveUp(job);
      });
      await startScoreWorker(deps.boss, deps.locationsRepo);
    },
  };
}
