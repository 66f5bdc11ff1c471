import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { QUEUES } from '../../jobs/boss.ts';

/** What a deploy's job carries: the deploy row it runs (publish.job.ts). */
export const ZPublishJob = z.object({ deployId: z.string() });

/** Queues the deploy's job; the worker that takes it runs the whole deploy. */
export async function sendPublishJob(boss: PgBoss, deployId: string): Promise<void> {
  await boss.send(QUEUES.publishSite, { deployId } satisfies z.infer<typeof ZPublishJob>);
}
