import type { PgBoss } from 'pg-boss';
import { QUEUES } from '../../jobs/boss.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ReleaseService } from './release.service.ts';

/**
 * The staged releases' check: every worker process asks for one every RELEASE_CHECK_SECONDS,
 * the queue keeps at most one waiting and one running (policy stately) however many machines
 * ask, and the check claims each due batch atomically, so a batch goes out once. Answers how
 * to stop asking: an app closed inside a living process (tests share one) must stop its timer.
 */
export async function startReleaseChecks(deps: {
  boss: PgBoss;
  service: Pick<ReleaseService, 'releaseDue'>;
  everySeconds: number;
  logger: Logger;
}): Promise<() => void> {
  const { boss, logger } = deps;
  await boss.work(QUEUES.releasePages, { batchSize: 1 }, async () => {
    await deps.service.releaseDue();
  });
  const ask = () =>
    boss
      .send(QUEUES.releasePages, {})
      .catch((error: unknown) => logger.warn({ err: error }, 'could not queue a release check'));
  void ask();
  const timer = setInterval(ask, deps.everySeconds * 1000).unref();
  return () => clearInterval(timer);
}
