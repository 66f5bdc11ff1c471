import type { PgBoss } from 'pg-boss';
import { QUEUES } from '../../jobs/boss.ts';
import type { Mail, Mailer } from '../../lib/mail.ts';
import { workUntilEmpty } from '../../jobs/work.ts';

export type MailQueue = { enqueue(mail: Mail): Promise<void> };

export function createMailQueue(boss: PgBoss): MailQueue {
  return {
    async enqueue(mail) {
      await boss.send(QUEUES.sendMail, mail);
    },
  };
}

export async function registerMailWorker(boss: PgBoss, mailer: Mailer, concurrency: number) {
  await workUntilEmpty<Mail, { localConcurrency: number }>(
    boss,
    QUEUES.sendMail,
    { localConcurrency: concurrency },
    async (jobs) => {
      for (const job of jobs) {
        await mailer.send(job.data);
        // A sent mail's job row would keep its one-time link usable for anyone reading the
        // database (or a backup of it) until the link expires: the row goes once the mail is out.
        // Best effort: failing here must not send the mail a second time on retry.
        await boss.deleteJob(QUEUES.sendMail, job.id).catch(() => undefined);
      }
    },
  );
}
