import { PgBoss, fromPglite } from 'pg-boss';
import type { DbHandle } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

/** Every queue the app uses, created at boot so producers never race workers. */
export const QUEUES = {
  sendMail: 'send-mail',
} as const;

export function createBoss(handle: DbHandle, logger: Logger, schema = 'pgboss'): PgBoss {
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(handle.pglite), backend: 'pglite', schema })
      : new PgBoss({ connectionString: handle.connectionString, schema, max: 5 });
  boss.on('error', (err: unknown) => logger.error({ err }, 'job queue error'));
  return boss;
}

export async function startBoss(boss: PgBoss): Promise<void> {
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    // Mail: retried with backoff so a flaky SMTP server loses nothing.
    await boss.createQueue(name, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
  }
}

export type { PgBoss };
