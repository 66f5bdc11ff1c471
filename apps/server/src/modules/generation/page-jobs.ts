import { z } from 'zod';
import type { PgBoss } from 'pg-boss';
import { QUEUES } from '../../jobs/boss.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { JobRef, Target } from './generation.repo.ts';
import { keyGroup, type ServerKeys } from './keys.ts';
import { findModel } from './models.ts';

export const ZPageJob = z.object({
  projectId: z.string(),
  pageId: z.string(),
  /** A site page (pages table) or a city page (cities table); the id is the row's. */
  target: z.enum(['page', 'city']).default('page'),
  /** How many times the page went back to the queue after a rate limit or an outage. */
  attempt: z.number().int().min(0).default(0),
});
export type TPageJob = z.infer<typeof ZPageJob>;

/** One job per page, grouped by the API key that pays for it (see keyGroup). */
export async function sendPageJobs(
  boss: PgBoss,
  opts: {
    owner: UserRow;
    pages: JobRef[];
    target?: Target;
    serverKeys: ServerKeys;
    attempt?: number;
    startAfterSeconds?: number;
  },
): Promise<void> {
  if (!opts.pages.length) return;
  const jobs = opts.pages.map((page) => {
    const model = findModel(page.model);
    const data: TPageJob = {
      projectId: page.projectId,
      pageId: page.id,
      target: opts.target ?? 'page',
      attempt: opts.attempt ?? 0,
    };
    return {
      data,
      // A model no longer offered fails in the worker; it still needs a group of its own.
      group: {
        id: model ? keyGroup(opts.owner, model, opts.serverKeys) : `unknown:${opts.owner.id}`,
      },
      ...(opts.startAfterSeconds ? { startAfter: Math.ceil(opts.startAfterSeconds) } : {}),
    };
  });
  await boss.insert(QUEUES.generatePage, jobs);
}
