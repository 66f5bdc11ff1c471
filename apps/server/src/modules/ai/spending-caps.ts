import type { PgBoss } from 'pg-boss';
import type { Db, DbHandle } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { route } from '../../lib/module.ts';
import type { MailQueue } from '../mail/index.ts';
import type { TEstimate, TPageKind } from '@cityforge/shared';
import type { ModelSpec } from '../models/index.ts';
import { findModel } from '../models/index.ts';
import type { PagesRepo } from '../pages/index.ts';
import type { ProjectsModule } from '../projects/index.ts';
import { createCapLock } from './cap-lock.ts';
import { createCapMail } from './cap-mail.ts';
import { createCapResume, type CapResumeDeps } from './cap-resume.ts';
import { createSpendRepo } from './spend.repo.ts';
import { createSpendingGate, type PageCost } from './spending-gate.ts';
import { spendingRoutes } from './spending.routes.ts';
import { createSpendingService } from './spending.service.ts';

/** What one page of a kind and model is expected to cost (generation's estimator). */
export type EstimatePage = (input: {
  model: ModelSpec;
  kind: TPageKind;
  projectId: string;
}) => Promise<Pick<TEstimate, 'usd'>>;

/**
 * The monthly spending caps, put together: the check before each page (gate), the owner's
 * mail, the resume of held pages and the spend routes.
 */
export function createSpendingCaps(
  deps: {
    handle: DbHandle;
    db: Db;
    boss: PgBoss;
    logger: Logger;
    appUrl: string;
    mailQueue: MailQueue;
    pagesRepo: PagesRepo;
    projects: Pick<ProjectsModule, 'repo' | 'access'>;
    estimatePage: EstimatePage;
  } & Pick<CapResumeDeps, 'sendPages' | 'announceInProgress'>,
) {
  const { db, pagesRepo } = deps;
  const spend = createSpendRepo(db);
  // A cap is not to be passed: a page counts at the high end of what pages like it took.
  const pageCost: PageCost = async (page) => {
    const model = findModel(page.model);
    if (!model) return null;
    const estimate = await deps.estimatePage({
      model,
      kind: page.kind,
      projectId: page.projectId,
    });
    return estimate.usd?.high ?? null;
  };
  const gate = createSpendingGate({
    repo: pagesRepo,
    spend,
    pageCost,
    lock: createCapLock(deps.handle),
  });
  const resume = createCapResume({
    db,
    boss: deps.boss,
    repo: pagesRepo,
    projectsRepo: deps.projects.repo,
    spend,
    gate,
    logger: deps.logger,
    sendPages: deps.sendPages,
    announceInProgress: deps.announceInProgress,
  });
  const service = createSpendingService({ spend, repo: pagesRepo, access: deps.projects.access });
  return {
    gate,
    capReached: createCapMail({ spend, mailQueue: deps.mailQueue, appUrl: deps.appUrl }),
    resume,
    routes: [route(spendingRoutes, { spendingService: service })],
  };
}
export type SpendingCaps = ReturnType<typeof createSpendingCaps>;
