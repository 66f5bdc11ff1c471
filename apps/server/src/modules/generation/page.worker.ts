import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Job } from 'pg-boss';
import { QUEUES } from '../../jobs/boss.ts';
import { createCallSlots } from '../ai/index.ts';
import { startScoreWorker } from '../locations/index.ts';
import { createNoticeQueue } from './change-feed.ts';
import { ZPageJob, type TPageJob } from './page-jobs.ts';
import { createPageRun, type PageJobDeps } from './page-run.ts';
import { createProjectSettler } from './project-settler.ts';
import { workUntilEmpty } from '../../jobs/work.ts';

/** How long after a page comes due its wake-up fires: the database's clock decides "due". */
const DUE_MARGIN_MS = 250;

export type WorkerDeps = PageJobDeps & {
  /** Model calls at once in this process (its call slots). */
  concurrency: number;
  /** Pages written at once per API key, across every worker process. */
  keyConcurrency: number;
  /**
   * The database is embedded, so this is the only process (the data folder's lock refuses a
   * second): its own call slots bound a key's calls exactly, and it may hold jobs ahead.
   */
  soleProcess: boolean;
};

export function createPageWorker(deps: WorkerDeps) {
  const { logger } = deps;
  const slots = createCallSlots({
    total: deps.concurrency,
    perKey: deps.keyConcurrency,
    busy: (busy) => holdAhead(busy),
  });
  const publish = createNoticeQueue(deps.db, logger);
  const settle = createProjectSettler({ ...deps, publish });

  /** The workers of this process that stay for its lifetime (one per call slot). */
  const workers: string[] = [];
  /**
   * NOTIFY fires when a page is queued, not when a page put back for later (after a
   * Retry-After) comes due: this process wakes its workers then. Were it gone by then, another
   * process's idle poll (pg-boss's 30-second backstop) takes the page.
   */
  function wakeAfter(seconds: number) {
    setTimeout(
      () => {
        for (const id of workers) deps.boss.notifyWorker(id);
      },
      seconds * 1000 + DUE_MARGIN_MS,
    ).unref();
  }

  const { run, fail } = createPageRun({ ...deps, slots, publish, settle, wakeAfter });

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
      for (let i = 0; i < deps.concurrency; i++) workers.push(await startWorker());
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
