import path from 'node:path';
import type { AppContext } from './context.ts';
import { createMailer } from './lib/mail.ts';
import { registerMailWorker } from './modules/mail/mail.jobs.ts';
import { createPageWorker } from './modules/generation/page.worker.ts';
import { createPublishWorker } from './modules/publishing/publish.job.ts';

const IMAGE_SWEEP_MS = 6 * 60 * 60 * 1000;

/** Image files of deleted projects, swept at start and every few hours (idempotent across workers). */
function sweepImages(ctx: AppContext) {
  const sweep = () =>
    ctx.services.imagesService
      .sweepOrphans()
      .then((n) => n && ctx.logger.info({ removed: n }, 'removed image files of deleted projects'))
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'image sweep failed'));
  void sweep();
  setInterval(sweep, IMAGE_SWEEP_MS).unref();
}

/** The page writer of this process, wired to the app's repositories and settings. */
export const pageWorker = (ctx: AppContext) =>
  createPageWorker({
    boss: ctx.boss,
    db: ctx.db,
    repo: ctx.repos.generationRepo,
    projectsRepo: ctx.repos.projectsRepo,
    locationsRepo: ctx.repos.locationsRepo,
    ai: ctx.ai,
    cipher: ctx.cipher,
    serverKeys: ctx.serverKeys,
    logger: ctx.logger,
    concurrency: ctx.config.WORKER_CONCURRENCY,
    keyConcurrency: ctx.config.GENERATION_CONCURRENCY_PER_KEY,
  });

/** Registers every job handler of the app on this process. */
export async function startWorkers(ctx: AppContext) {
  sweepImages(ctx);
  const mailer = createMailer({
    smtpUrl: ctx.config.SMTP_URL,
    from: ctx.config.MAIL_FROM,
    outboxDir: path.join(ctx.config.dataDir, 'outbox'),
    logger: ctx.logger,
  });
  await registerMailWorker(ctx.boss, mailer, ctx.config.WORKER_CONCURRENCY);
  await pageWorker(ctx).start();
  await createPublishWorker({
    boss: ctx.boss,
    repo: ctx.repos.publishingRepo,
    projectsRepo: ctx.repos.projectsRepo,
    usersService: ctx.services.usersService,
    netlifyApiUrl: ctx.config.NETLIFY_API_URL,
    netlifyTimeoutMs: ctx.config.NETLIFY_TIMEOUT_SECONDS * 1000,
    dataDir: ctx.config.dataDir,
    logger: ctx.logger,
  }).start();
}
