import type { AppContext } from './context.ts';
import { startEmbeddedVacuum } from './db/embedded-vacuum.ts';

/** The page writer of this process; a test stops it and starts it again. */
export const pageWorker = (ctx: AppContext) => ctx.modules.generation.pageWorker();

/**
 * Registers every job handler of the app on this process: each module registers its own.
 * On the embedded database, also its periodic vacuum (db/embedded-vacuum.ts). Answers a
 * function that stops the timers they started (the queue stops with pg-boss).
 */
export async function startWorkers(ctx: AppContext): Promise<() => void> {
  const { images, mail, ai, generation, publishing, locations, notifications } = ctx.modules;
  const stopSweep = await images.workers();
  await mail.workers();
  await notifications.workers();
  await generation.workers();
  await ai.workers();
  await locations.workers();
  const stopReleaseChecks = await publishing.workers();
  const stopVacuum = startEmbeddedVacuum(ctx.handle, ctx.logger);
  return () => {
    stopSweep();
    stopReleaseChecks();
    stopVacuum();
  };
}

/** What each module puts right after a crash, in the order the sweep runs them. */
export const recoverySweeps = (ctx: AppContext) => [
  ctx.modules.generation.recover,
  ctx.modules.publishing.recover,
];
