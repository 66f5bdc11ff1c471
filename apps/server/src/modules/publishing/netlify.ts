import type { Db } from '../../db/client.ts';
import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import { createPgWindowSlots, type WindowLimit } from '../../lib/pg-window-slots.ts';
import type { ProjectsRepo } from '../projects/index.ts';
import { createNetlifyClient, type NetlifyClient } from './netlify-client.ts';
import { createNetlifyPaces, tokenKey } from './netlify-pace.ts';

const SLOT_MARGIN_MS = 1_000;

/** Netlify's limits per access token (NETLIFY_RATE_WINDOW_SECONDS and the two counts). */
export type NetlifyLimits = { windowMs: number; deploys: number; calls: number };

/**
 * The one place that turns an owner into a Netlify client: the owner's own token, on the
 * configured API with its timeout, kept to Netlify's rate limits. Calls are paced in this
 * process (netlify-pace.ts); deploy creations take slots in the database, so every API and
 * worker process together creates at most `deploys` per window with one token. Publishing, its
 * worker and domains all go through it.
 */
export function createNetlify(deps: {
  apiUrl: string;
  /** NETLIFY_TIMEOUT_SECONDS: one Netlify call; past it the call is retried. */
  timeoutMs?: number;
  db: Db;
  limits: NetlifyLimits;
  projectsRepo: Pick<ProjectsRepo, 'withOwner'>;
  tokenOf: (owner: UserRow) => string | null;
}) {
  const { limits } = deps;
  const paces = createNetlifyPaces({ calls: limits.calls, windowMs: limits.windowMs });
  const slots = createPgWindowSlots(deps.db);
  // A creation reaches Netlify a moment after its slot is taken here, and Netlify's window
  // starts with it: the slot is held a second longer, so that window has always ended.
  const deployLimit: WindowLimit = {
    limit: limits.deploys,
    windowMs: limits.windowMs + SLOT_MARGIN_MS,
  };

  function forOwner(owner: UserRow): NetlifyClient | null {
    const token = deps.tokenOf(owner);
    if (!token) return null;
    const key = `netlify-deploys:${tokenKey(token)}`;
    return createNetlifyClient(deps.apiUrl, token, {
      timeoutMs: deps.timeoutMs,
      paces,
      deploySlot: (onWait) => slots.take(key, deployLimit, onWait),
    });
  }
  return {
    limits,
    forOwner,
    /** The project owner's client; the acting user is the owner when the project is theirs. */
    async forProject(project: ProjectRow, actor?: UserRow): Promise<NetlifyClient | null> {
      const owner =
        actor && project.userId === actor.id
          ? actor
          : (await deps.projectsRepo.withOwner(project.id))?.owner;
      return owner ? forOwner(owner) : null;
    },
  };
}
export type Netlify = ReturnType<typeof createNetlify>;
