import type { PgBoss } from 'pg-boss';
import { QUEUES } from '../../jobs/boss.ts';
import type { Logger } from '../../lib/logger.ts';
import type { PricesService } from '../models/index.ts';

/**
 * Checked hourly, read daily: pg-boss's cron sends one check an hour across every machine, and
 * the check reads OpenRouter's prices only once they are a day old. One more check at start,
 * so a new install prices its first calls. Estimates check too, on their own.
 */
const HOURLY = '17 * * * *';

export async function startPriceChecks(deps: {
  boss: PgBoss;
  prices: Pick<PricesService, 'ensureFresh'>;
  logger: Logger;
}): Promise<void> {
  const { boss, logger } = deps;
  await boss.work(QUEUES.refreshPrices, { batchSize: 1 }, async () => {
    await deps.prices.ensureFresh();
  });
  await boss.schedule(QUEUES.refreshPrices, HOURLY);
  await boss
    .send(QUEUES.refreshPrices, {})
    .catch((error: unknown) => logger.warn({ err: error }, 'could not queue a price check'));
}
