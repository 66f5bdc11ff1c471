import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config/env.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { MailQueue } from '../mail/index.ts';
import type { ServerKeys } from '../models/index.ts';
import { createPricesRepo, createPricesService } from '../models/index.ts';
import type { PagesRepo } from '../pages/index.ts';
import type { ProjectsModule } from '../projects/index.ts';
import { createAiClient } from './ai-client.ts';
import type { CapResumeDeps } from './cap-resume.ts';
import { startPriceChecks } from './prices.job.ts';
import { createSpendingCaps, type EstimatePage } from './spending-caps.ts';
import { createUsageRepo } from './usage.repo.ts';

/**
 * The models' client and what its calls cost: the AI client (per-key call slots, model
 * capabilities, structured output), the usage ledger, model prices kept fresh, and the monthly
 * spending caps with their routes. Generation, the editor and images sit above it; what the
 * caps need of generation (a page's estimate, sending freed pages) is passed in.
 */
export function createAiModule(
  deps: {
    handle: DbHandle;
    db: Db;
    boss: PgBoss;
    logger: Logger;
    serverKeys: ServerKeys;
    config: Pick<
      Config,
      | 'OPENROUTER_BASE_URL'
      | 'OPENAI_BASE_URL'
      | 'AI_TIMEOUT_SECONDS'
      | 'GENERATION_CONCURRENCY_PER_KEY'
      | 'appUrl'
    >;
    mailQueue: MailQueue;
    pagesRepo: PagesRepo;
    projects: Pick<ProjectsModule, 'repo' | 'access'>;
    estimatePage: EstimatePage;
  } & Pick<CapResumeDeps, 'sendPages' | 'announceInProgress'>,
) {
  const { db, boss, logger, serverKeys, config } = deps;
  const ai = createAiClient({
    baseUrls: { openrouter: config.OPENROUTER_BASE_URL, openai: config.OPENAI_BASE_URL },
    timeoutMs: config.AI_TIMEOUT_SECONDS * 1000,
    perKeyConcurrency: config.GENERATION_CONCURRENCY_PER_KEY,
    appUrl: config.appUrl,
  });
  const usageRepo = createUsageRepo(db);
  const prices = createPricesService({
    repo: createPricesRepo(db),
    openRouterBaseUrl: config.OPENROUTER_BASE_URL,
    openRouterKey: serverKeys.openrouter,
    logger,
  });
  const caps = createSpendingCaps({ ...deps, appUrl: config.appUrl });
  return {
    ai,
    usageRepo,
    prices,
    /** The check before each page, and the owner's mail when a cap holds one. */
    gate: caps.gate,
    capReached: caps.capReached,
    /** Held pages go on when a cap is raised or cleared (project settings, /auth/me/). */
    capResume: caps.resume,
    routes: caps.routes,
    async workers() {
      await startPriceChecks({ boss, prices, logger });
      await caps.resume.start();
    },
  };
}
export type AiModule = ReturnType<typeof createAiModule>;
