import type { Logger } from '../../lib/logger.ts';
import type { ModelSpec } from './models.ts';
import { OPENAI_PRICES, OPENAI_PRICES_AS_OF } from './openai-prices.ts';
import { fetchOpenRouterListing } from './openrouter-listing.ts';
import type { ModelPrice, PricesRepo } from './prices.repo.ts';

/** OpenRouter's prices are read again once they are this old. */
export const PRICES_MAX_AGE_HOURS = 24;
// After a failed read the rows are made to look this old, so the next try comes in an hour.
const RETRY_AGE_HOURS = PRICES_MAX_AGE_HOURS - 1;
// With nothing stored yet there is no row to mark; this process waits this long instead.
const EMPTY_RETRY_MS = 60_000;

/**
 * What each model costs per token. OpenRouter's prices come from its model listing, kept in
 * model_prices and read again when a day old; however many machines share the database, one
 * of them reads it (claimStale). OpenAI's come from the table shipped with the code. A failed
 * read keeps the prices there were; nothing that asks for a price ever fails because of it.
 */
export function createPricesService(deps: {
  repo: PricesRepo;
  openRouterBaseUrl: string;
  openRouterKey?: string | undefined;
  logger: Logger;
  timeoutMs?: number;
}) {
  const { repo, logger } = deps;
  let pending: Promise<void> | null = null;
  let emptyRetryAt = 0;
  // The shipped table changes only with the code: once per process is enough.
  let tableWritten = false;

  async function readOpenRouter(claimed: boolean) {
    if (!claimed) emptyRetryAt = Date.now() + EMPTY_RETRY_MS;
    try {
      const listing = await fetchOpenRouterListing({
        baseUrl: deps.openRouterBaseUrl,
        apiKey: deps.openRouterKey,
        timeoutMs: deps.timeoutMs ?? 5_000,
      });
      const rows = listing.flatMap((m) => (m.price ? [{ model: m.id, ...m.price }] : []));
      await repo.upsert('openrouter', rows);
      logger.info({ models: rows.length }, 'OpenRouter prices read');
    } catch (error) {
      logger.warn({ err: error }, 'OpenRouter prices unavailable; keeping the ones stored');
      if (claimed) await repo.backdate('openrouter', RETRY_AGE_HOURS);
    }
  }

  async function refresh() {
    if (!tableWritten) {
      // fetched_at of a shipped price is the day it was checked: it says how old it is.
      await repo.upsert(
        'table',
        Object.entries(OPENAI_PRICES).map(([model, price]) => ({ model, ...price })),
        new Date(`${OPENAI_PRICES_AS_OF}T00:00:00Z`),
      );
      tableWritten = true;
    }
    const { all, fresh } = await repo.freshness('openrouter', PRICES_MAX_AGE_HOURS);
    if (fresh > 0) return;
    if (all === 0) {
      if (Date.now() < emptyRetryAt) return;
      return readOpenRouter(false);
    }
    if (await repo.claimStale('openrouter', PRICES_MAX_AGE_HOURS)) await readOpenRouter(true);
  }

  /** Brings the stored prices up to date when they are due; never throws. */
  async function ensureFresh(): Promise<void> {
    // One refresh at a time in this process, however many callers ask at once.
    pending ??= refresh()
      .catch((error: unknown) => logger.warn({ err: error }, 'could not refresh model prices'))
      .finally(() => {
        pending = null;
      });
    await pending;
  }

  return {
    ensureFresh,
    /** The model's price per token (0 for the offline draft), or null when none is known. */
    async priceOf(model: Pick<ModelSpec, 'id' | 'provider'>): Promise<ModelPrice | null> {
      if (model.provider === 'offline') return { prompt: 0, completion: 0 };
      await ensureFresh();
      try {
        return await repo.priceOf(model.id);
      } catch (error) {
        logger.warn({ err: error, model: model.id }, 'could not read a model price');
        return null;
      }
    },
  };
}
export type PricesService = ReturnType<typeof createPricesService>;
