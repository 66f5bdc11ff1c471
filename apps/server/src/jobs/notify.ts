import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { QUEUES } from './boss.ts';
import { jobsIn } from './in-transaction.ts';

/**
 * What happened that a workspace's people may be told by e-mail. Each event is one job: its
 * worker finds who wants to know and sends one mail each (a run's or a deploy's pages that
 * await the client's review make one mail, whatever their number).
 */
export const ZNotifyEvent = z.discriminatedUnion('event', [
  z.object({ event: z.literal('runFinished'), projectId: z.string() }),
  z.object({ event: z.literal('deployFailed'), projectId: z.string(), error: z.string() }),
  z.object({ event: z.literal('deployed'), projectId: z.string() }),
  z.object({ event: z.literal('syncWaiting'), projectId: z.string(), removing: z.number() }),
  z.object({ event: z.literal('clientReview'), projectId: z.string(), reviewId: z.string() }),
]);
export type NotifyEvent = z.infer<typeof ZNotifyEvent>;

export type Notify = (event: NotifyEvent, tx?: Executor) => Promise<void>;

/** Sends an event to the notification worker; inside `tx`, only if that transaction commits. */
export function createNotify(boss: PgBoss): Notify {
  return async (event, tx) => {
    await boss.send(QUEUES.notify, event, tx ? { db: jobsIn(tx) } : {});
  };
}
