import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Job, PgBoss } from 'pg-boss';
import { PAGE_STATUS, type TCityFact, type TPageStatus } from '@cityforge/shared';
import type { Db } from '../../db/client.ts';
import type { PageRow, ProjectRow, UserRow } from '../../db/schema/index.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  ProviderError,
  type AiClient,
  type CallSlots,
  type CapMail,
  type SpendingGate,
  type UsageRepo,
} from '../ai/index.ts';
import type { FactsRepo, LocationsRepo } from '../locations/index.ts';
import {
  keyGroup,
  resolveApiKey,
  type ModelSpec,
  type ServerKeys,
  findModel,
} from '../models/index.ts';
import type { PagesRepo, ServiceCityRepo } from '../pages/index.ts';
import type { ProjectsRepo } from '../projects/index.ts';
import type { ChangeEvent } from './change-feed.ts';
import { startPageClock, type PageClock } from './page-clock.ts';
import { sendPageJobs, ZPageJob, type TPageJob } from './page-jobs.ts';
import { MAX_PROVIDER_ATTEMPTS, retryAfterSeconds } from './page-retry.ts';
import { createPageWork, type Work } from './page-work.ts';
import { ContentFailure, writePage, type WrittenContent } from './page-writer.ts';

/** What a page job reads, writes and calls. */
export type PageJobDeps = {
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
  /** Claims a job's page, holding it back when it would pass a monthly spending cap. */
  gate: Pick<SpendingGate, 'claim'>;
  /** Tells the owner (once a month per cap) that a cap held a page. */
  capReached: CapMail;
};

type PageRunDeps = PageJobDeps & {
  slots: CallSlots;
  /** A notice for live screens (change-feed.ts). */
  publish: (event: ChangeEvent) => void;
  /** Settles the project once nothing is left to write (project-settler.ts). */
  settle: (projectId: string) => Promise<void>;
  /** Wakes this process's page workers once `seconds` have passed (a page put back comes due). */
  wakeAfter: (seconds: number) => void;
};

/** A job whose page this worker claimed: the job, its project and the project's owner. */
type Claimed = {
  job: Job<TPageJob>;
  data: TPageJob;
  project: ProjectRow;
  owner: UserRow;
  /** The site page's row; null for a city's or a service-city's, which its work reads. */
  page: PageRow | null;
};
/** What a page is written from (its work) and with: the model and the key that pays. */
type Writing = { work: Work; model: ModelSpec; key: string | null };

/**
 * A page kept after its one repair without some of its place's facts: the quality gate
 * scores what it does state; the log names the facts (never their values, which may be a
 * customer's words).
 */
function noteUnstated(logger: Logger, pageId: string, unstated: TCityFact[]) {
  if (unstated.length)
    logger.warn({ pageId, facts: unstated.map((f) => f.name) }, 'page kept without some facts');
}

/**
 * One page job, as the page worker runs it: claim the page, write it, store it, settle its
 * project; a page the provider turned away goes back to the queue (page-retry.ts).
 */
export function createPageRun(deps: PageRunDeps) {
  const { repo, logger, slots, publish, settle } = deps;
  const { pageWork, cityWork, serviceCityWork } = createPageWork(deps);
  /** The page's new state, for live screens. */
  const announce = (data: TPageJob, status: TPageStatus) =>
    publish({ projectId: data.projectId, kind: data.target, id: data.pageId, status });

  async function fail(data: TPageJob, jobId: string | null, reason: string) {
    if (await repo.fail(data.target, data.pageId, jobId, reason))
      announce(data, PAGE_STATUS.failed);
  }

  async function run(job: Job<TPageJob>): Promise<void> {
    const clock = startPageClock();
    const claimed = await claim(job, ZPageJob.parse(job.data));
    if (!claimed) return;
    clock.claimed();
    const { data, project } = claimed;
    const writing = await prepare(claimed);
    if (!writing) return settle(project.id);
    try {
      const written = await write(claimed, writing, clock);
      await store(claimed, writing.work, written);
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
      if (await requeueOrFail(claimed, writing.work, error)) return;
    }
    await settle(project.id);
  }

  /**
   * Claims the job's page; null when there is nothing to write: done already, deleted, or
   * another job holds it (nothing to undo), or held by a spending cap (the job ends there, with
   * no retry: cap-resume sends it again).
   */
  async function claim(job: Job<TPageJob>, data: TPageJob): Promise<Claimed | null> {
    const found = await deps.projectsRepo.withOwner(data.projectId);
    if (!found) return null;
    const { project, owner } = found;
    const claimed = await deps.gate.claim(found, data, job.id);
    if (!claimed) return null;
    if ('held' in claimed) {
      announce(data, PAGE_STATUS.queued);
      await deps.capReached(claimed, project, owner);
      await settle(project.id);
      return null;
    }
    return { job, data, project, owner, page: claimed.page };
  }

  /**
   * The claimed page in progress, with what it is written from and with: its prompt, its model
   * and the key that pays; null when it cannot be written (deleted while it was being claimed,
   * or its model or key gone, which fails it).
   */
  async function prepare({ job, data, project, owner, page }: Claimed): Promise<Writing | null> {
    announce(data, PAGE_STATUS.inProgress);
    const work = page
      ? pageWork(project, page)
      : data.target === 'service-city'
        ? await serviceCityWork(project, data.pageId)
        : await cityWork(project, data.pageId);
    if (!work) return null;
    const model = findModel(work.model);
    if (!model) {
      await fail(data, job.id, `The model ${work.model} is no longer offered; retry with another.`);
      return null;
    }
    const { key, missing } = resolveApiKey(owner, model, deps.serverKeys, deps.cipher);
    if (missing) {
      await fail(data, job.id, missing);
      return null;
    }
    return { work, model, key };
  }

  /** The model writes the page in one of the key's call slots; each call's usage is recorded. */
  function write(
    { job, data, project, owner }: Claimed,
    { work, model, key }: Writing,
    clock: PageClock,
  ) {
    const slot = {
      key: keyGroup(owner, model, deps.serverKeys),
      owner: owner.id,
      signal: job.signal,
    };
    return writePage(deps.ai, {
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
  }

  /** The written page stored, the pages it brought sent to be written, the page completed. */
  async function store({ job, data, owner }: Claimed, work: Work, written: WrittenContent) {
    noteUnstated(logger, data.pageId, written.unstated);
    const added = await work.store(written.content, job.id, data.edits);
    await sendPageJobs(deps.boss, { owner, pages: added, serverKeys: deps.serverKeys });
    announce(data, PAGE_STATUS.completed);
  }

  /**
   * A page the model could not write: back in the queue for a later try when the provider was
   * busy (true), else failed when the provider or the answer is at fault. Anything else, a bug
   * or a lost database, is thrown: the queue retries the job, and the dead-letter handler fails
   * the page if every retry breaks the same way.
   */
  async function requeueOrFail({ job, data, owner }: Claimed, work: Work, error: unknown) {
    const seconds = retryAfterSeconds(error, data.attempt);
    if (seconds !== null && error instanceof ProviderError) {
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
      deps.wakeAfter(Math.ceil(seconds));
      announce(data, PAGE_STATUS.queued);
      return true;
    }
    if (error instanceof ProviderError && error.retryable)
      await fail(data, job.id, `${error.message} (gave up after ${MAX_PROVIDER_ATTEMPTS} tries)`);
    else if (error instanceof ProviderError || error instanceof ContentFailure)
      await fail(data, job.id, error.message);
    else throw error;
    return false;
  }

  return { run, fail };
}
