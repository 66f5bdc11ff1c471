import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Job, PgBoss } from 'pg-boss';
import { PAGE_STATUS, type TCityFact } from '@cityforge/shared';
import type { Db } from '../../db/client.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { Logger } from '../../lib/logger.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { ProjectsRepo } from '../projects/index.ts';
import { ProviderError, type AiClient, createCallSlots } from '../ai/index.ts';
import { createNoticeQueue } from './change-feed.ts';
import { keyGroup, resolveApiKey, type ServerKeys, findModel } from '../models/index.ts';
import { ContentFailure, writePage } from './page-writer.ts';
import { sendPageJobs, ZPageJob, type TPageJob } from './page-jobs.ts';
import type { PagesRepo, ServiceCityRepo } from '../pages/index.ts';
import type { UsageRepo, CapMail, SpendingGate } from '../ai/index.ts';
import type { FactsRepo, LocationsRepo } from '../locations/index.ts';
import { startScoreWorker } from '../locations/index.ts';
import { createProjectSettler } from './project-settler.ts';
import { startPageClock } from './page-clock.ts';
import { createPageWork } from './page-work.ts';
import { workUntilEmpty } from '../../jobs/work.ts';

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
  factsRepo: FactsRepo;
  serviceCityRepo: ServiceCityRepo;
  ai: AiClient;
  cipher: Cipher;
  serverKeys: ServerKeys;
  logger: Logger;
  /** Model calls at once in this process (its call slots). */
  concurrency: number;
  /** Pages written at once per API key, across every worker process. */
  keyConcurrency: number;
  /**
   * The database is embedded, so this is the only process (the data folder's lock refuses a
   * second): its own call slots bound a key's calls exactly, and it may hold jobs ahead.
   */
  soleProcess: boolean;
  /** Claims a job's page, holding it back when it would pass a monthly spending cap. */
  gate: Pick<SpendingGate, 'claim'>;
  /** Tells the owner (once a month per cap) that a cap held a page. */
  capReached: CapMail;
};

/** Exponential backoff with jitter when the provider gave no Retry-After. */
export function backoffSeconds(attempt: number, random = Math.random()): number {
  return Math.min(MAX_WAIT_SECONDS, 2 ** attempt * (1 + random));
}

export function createPageWorker(deps: WorkerDeps) {
  const { repo, logger } = deps;
  const slots = createCallSlots({
    total: deps.concurrency,
    perKey: deps.keyConcurrency,
    busy: (busy) => holdAhead(busy),
  });
  const publish = createNoticeQueue(deps.db, logger);
  const settle = createProjectSettler({ ...deps, publish });

  const kindOf = (data: TPageJob) => data.target;

  async function fail(data: TPageJob, jobId: string | null, reason: string) {
    if (await repo.fail(data.target, data.pageId, jobId, reason))
      publish({
        projectId: data.projectId,
        kind: kindOf(data),
        id: data.pageId,
        status: PAGE_STATUS.failed,
      });
  }

  const { pageWork, cityWork, serviceCityWork } = createPageWork(deps);

  /**
   * A page kept after its one repair without some of its place's facts: the quality gate
   * scores what it does state; the log names the facts (never their values, which may be a
   * customer's words).
   */
  function noteUnstated(pageId: string, unstated: TCityFact[]) {
    if (unstated.length)
      logger.warn({ pageId, facts: unstated.map((f) => f.name) }, 'page kept without some facts');
  }

  async function run(job: Job<TPageJob>): Promise<void> {
    const clock = startPageClock();
    const data = ZPageJob.parse(job.data);
    const found = await deps.projectsRepo.withOwner(data.projectId);
    if (!found) return;
    const { project, owner } = found;
    const claimed = await deps.gate.claim(found, data, job.id);
    // Done already, deleted, or another job holds it: nothing to do, and nothing to undo.
    if (!claimed) return;
    const kind = kindOf(data);
    if ('held' in claimed) {
      // Held by a spending cap: the job ends here (no retry); cap-resume sends it again.
      publish({ projectId: project.id, kind, id: data.pageId, status: PAGE_STATUS.queued });
      await deps.capReached(claimed, project, owner);
      return settle(project.id);
    }
    clock.claimed();
    publish({ projectId: data.projectId, kind, id: data.pageId, status: PAGE_STATUS.inProgress });
    const { page } = claimed;
    const work = page
      ? pageWork(project, page)
      : data.target === 'service-city'
        ? await serviceCityWork(project, data.pageId)
        : await cityWork(project, data.pageId);
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

    const slot = {
      key: keyGroup(owner, model, deps.serverKeys),
      owner: owner.id,
      signal: job.signal,
    };
    try {
      const { content, unstated } = await writePage(deps.ai, {
        project,
        page: work.page,
        model,
        apiKey: key,
        signal: job.signal,
        slot: (call) => clock.slot((inSlot) => slots.run(slot, inSlot), call),
        recordUsage: (usage, phase, mode) =>
          deps.usageRepo.recordUsage({
            userId: owner.id,
            projectId: project.id,
            // A service-city page's calls are its own (page_id), not its city's.
            ...(data.target === 'city' ? { cityId: data.pageId } : { pageId: data.pageId }),
            model: model.id,
            callType: phase === 'repair' ? `${work.callType}_repair` : work.callType,
            outputMode: mode,
            promptTokens: usage.promptTokens,
            completionTokens: usage.completionTokens,
            totalTokens: usage.totalTokens,
          }),
      });
      noteUnstated(data.pageId, unstated);
      const added = await work.store(content, job.id, data.edits);
      await sendPageJobs(deps.boss, { owner, pages: added, serverKeys: deps.serverKeys });
      publish({ projectId: project.id, kind, id: data.pageId, status: PAGE_STATUS.completed });
      clock.written();
      // Answers that came in meanwhile pass their slots on before the next statement.
      await nextTurn();
      await settle(project.id);
      // Where a page's time went; the bench reads these to print the pipeline's breakdown.
      logger.debug(
        { pageId: data.pageId, target: data.target, ms: clock.phases() },
        'page written',
      );
      return;
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
            edits: data.edits,
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

  // The queue's group limit bounds the jobs held per key. With one process (embedded), the
  // call slots bound a key's calls exactly, so a key may hold as many again ahead. Processes
  // sharing PostgreSQL are bounded together only by that limit: there a job is held only to be
  // written at once, as one held ahead would count against the key in every other process.
  const workOptions = {
    batchSize: 1,
    groupConcurrency: deps.keyConcurrency * (deps.soleProcess ? 2 : 1),
    // NOTIFY does not fire when a delayed page (after a Retry-After) comes due; a one-second
    // poll picks it up on time.
    pollingIntervalSeconds: 1,
    notifyPollingIntervalSeconds: 1,
  };

  /** A pg-boss worker that fetches the next page as soon as it finishes one. */
  function startWorker(): Promise<string> {
    return workUntilEmpty<TPageJob, typeof workOptions>(
      deps.boss,
      QUEUES.generatePage,
      workOptions,
      async ([job]) => {
        try {
          if (job) await run(job);
        } finally {
          // On PGlite every query resolves without I/O, so a long queue of offline pages would
          // chain promises without end and starve HTTP: each page yields once, when it is done
          // (yielding before it would hold its claim behind whatever HTTP has queued).
          await nextTurn();
        }
      },
    );
  }

  let started = false;
  let ahead: Promise<string[]> | null = null;
  /**
   * While the call slots are busy, this process (when it is the only one) holds a job ahead per
   * slot: claimed, its prompt built, waiting for a slot. An answer's slot passes on at once,
   * and the answered page is written while the next call is already out. Idle, those workers
   * would only poll, and each page queued wakes every idle worker for a fetch: they stop.
   */
  function holdAhead(busy: boolean) {
    if (!started || !deps.soleProcess) return;
    if (busy && !ahead) {
      ahead = Promise.all(Array.from({ length: deps.concurrency }, startWorker));
      // The queue stopped under us (shutdown): nothing to hold.
      ahead.catch(() => undefined);
    } else if (!busy && ahead) {
      const ids = ahead;
      ahead = null;
      void ids
        .then((list) =>
          Promise.all(
            list.map((id) => deps.boss.offWork(QUEUES.generatePage, { id, wait: false })),
          ),
        )
        .catch(() => undefined);
    }
  }

  return {
    run,
    giveUp,
    /**
     * One pg-boss worker per call slot, and while the slots are busy as many again holding a
     * job ahead (see holdAhead).
     */
    async start() {
      started = true;
      for (let i = 0; i < deps.concurrency; i++) await startWorker();
      await workUntilEmpty<TPageJob, object>(
        deps.boss,
        QUEUES.generatePageFailed,
        {},
        async (jobs) => {
          for (const job of jobs) await giveUp(job);
        },
      );
      await startScoreWorker(deps.boss, {
        locations: deps.locationsRepo,
        facts: deps.factsRepo,
        serviceCities: deps.serviceCityRepo,
      });
    },
  };
}
