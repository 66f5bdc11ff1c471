import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config/env.ts';
import type { Logger } from '../../lib/logger.ts';
import { createMailer } from '../../lib/mail.ts';
import { createMailQueue, registerMailWorker } from './mail.jobs.ts';

export function createMailModule(deps: {
  boss: PgBoss;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir' | 'WORKER_CONCURRENCY'>;
  logger: Logger;
}) {
  const { boss, config, logger } = deps;
  return {
    queue: createMailQueue(boss),
    async workers() {
      const mailer = createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: path.join(config.dataDir, 'outbox'),
        logger,
      });
      await registerMailWorker(boss, mailer, config.WORKER_CONCURRENCY);
    },
  };
}
