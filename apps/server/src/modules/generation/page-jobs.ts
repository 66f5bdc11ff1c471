import { z } from 'zod';
import type { PgBoss } from 'pg-boss';
import { QUEUES } from '../../jobs/boss.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { JobRef, Target } from '../pages/index.ts';
import { keyGroup, type ServerKeys, findModel } from '../models/index.ts';
import { fairStart } from './fair-share.ts';

/**
 * What a page job does with the owner's hand edits of the page it rewrites: 'keep'
 * them in the new page; 'propose' the new page beside the edited one for the owner to pick
 * (they asked to replace their edits); 'always-propose' even when nothing was edited (the
 * editor's Regenerate page, where the owner compares before anything changes).
 */
export const ZEditsMode = z.enum(['keep', 'propose', 'always-propose']);
export type EditsMode = z.infer<typeof ZEditsMode>;
/** The mode the owner's "Replace my edits too" tick asks for. */
export const editsModeOf = (replaceEdits: boolean | undefined): EditsMode =>
  replaceEdits ? 'propose' : 'keep';

export const ZPageJob = z.object({
  projectId: z.string(),
  pageId: z.string(),
  /**
   * A site page (pages table), a city page (cities table) or a service's page for a city
   * (service_city_pages); the id is the row's.
   */
  target: z.enum(['page', 'city', 'service-city']).default('page'),
  /** How many times the page went back to the queue after a rate limit or an outage. */
  attempt: z.number().int().min(0).default(0),
  /** Whose turn the job takes in the fair share (absent on jobs of earlier releases). */
  ownerId: z.string().optional(),
  /** Absent on jobs of earlier releases and on jobs sent again after a crash: edits are kept. */
  edits: ZEditsMode.default('keep'),
});
export type TPageJob = z.infer<typeof ZPageJob>;

/** The one live job a page may have: the queue is stately on this key. */
export const pageJobKey = (target: Target, pageId: string) => `${target}:${pageId}`;

/**
 * One job per page, grouped by the API key that pays for it (see keyGroup) and ordered by
 * the owner's fair share (see fair-share.ts). A page that already has a waiting job gets no
 * second one: the insert skips it.
 */
export async function sendPageJobs(
  boss: PgBoss,
  opts: {
    owner: UserRow;
    pages: JobRef[];
    target?: Target;
    serverKeys: ServerKeys;
    attempt?: number;
    startAfterSeconds?: number;
    edits?: EditsMode;
  },
): Promise<void> {
  if (!opts.pages.length) return;
  const target = opts.target ?? 'page';
  const start = await fairStart(boss, QUEUES.generatePage, opts.owner.id);
  const jobs = opts.pages.map((page, i) => {
    const model = findModel(page.model);
    const data: TPageJob = {
      projectId: page.projectId,
      pageId: page.id,
      target,
      attempt: opts.attempt ?? 0,
      ownerId: opts.owner.id,
      edits: opts.edits ?? 'keep',
    };
    return {
      data,
      singletonKey: pageJobKey(target, page.id),
      priority: -(start + i),
      // A model no longer offered fails in the worker; it still needs a group of its own.
      group: {
        id: model ? keyGroup(opts.owner, model, opts.serverKeys) : `unknown:${opts.owner.id}`,
      },
      ...(opts.startAfterSeconds ? { startAfter: Math.ceil(opts.startAfterSeconds) } : {}),
    };
  });
  await boss.insert(QUEUES.generatePage, jobs);
}
