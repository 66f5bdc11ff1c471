import path from 'node:path';
import type { AppContext } from './context.ts';
import { createMailer } from './lib/mail.ts';
import { registerMailWorker } from './modules/mail/mail.jobs.ts';

/** Registers every job handler of the app on this process. */
export async function startWorkers(ctx: AppContext) {
  const mailer = createMailer({
    smtpUrl: ctx.config.SMTP_URL,
    from: ctx.config.MAIL_FROM,
    outboxDir: path.join(ctx.config.dataDir, 'outbox'),
    logger: ctx.logger,
  });
  await registerMailWorker(ctx.boss, mailer, ctx.config.WORKER_CONCURRENCY);
}
