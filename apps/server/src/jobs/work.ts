import type { PgBoss, WorkHandlerFor, WorkOptions } from 'pg-boss';

/**
 * Registers a worker for `queue` that, once it has handled what it fetched, fetches again at
 * once, and sleeps only when a fetch comes back empty. Every queue is woken by NOTIFY, and its
 * idle poll is only a 30-second backstop; pg-boss clears a worker's wake-up before each fetch,
 * so jobs queued together (two mails, two projects settling at once) wake it once, it fetches
 * `batchSize` of them, and without this the rest would wait for that backstop.
 * Answers the worker's id.
 */
export async function workUntilEmpty<T, const O extends WorkOptions>(
  boss: PgBoss,
  queue: string,
  options: O,
  handler: WorkHandlerFor<O, T>,
): Promise<string> {
  let self: string | null = null;
  const run = handler as (jobs: unknown) => Promise<unknown>;
  const draining = async (jobs: unknown) => {
    try {
      return await run(jobs);
    } finally {
      if (self) boss.notifyWorker(self);
    }
  };
  self = await boss.work<T, unknown, O>(queue, options, draining as WorkHandlerFor<O, T>);
  return self;
}
