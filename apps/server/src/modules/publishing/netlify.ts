import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import type { ProjectsRepo } from '../projects/projects.repo.ts';
import { createNetlifyClient, type NetlifyClient } from './netlify-client.ts';

/**
 * The one place that turns an owner into a Netlify client: the owner's own token, on the
 * configured API with its timeout. Publishing, its worker and domains all go through it.
 */
export function createNetlify(deps: {
  apiUrl: string;
  /** NETLIFY_TIMEOUT_SECONDS: one Netlify call; past it the call is retried. */
  timeoutMs?: number;
  projectsRepo: Pick<ProjectsRepo, 'withOwner'>;
  tokenOf: (owner: UserRow) => string | null;
}) {
  function forOwner(owner: UserRow): NetlifyClient | null {
    const token = deps.tokenOf(owner);
    return token ? createNetlifyClient(deps.apiUrl, token, { timeoutMs: deps.timeoutMs }) : null;
  }
  return {
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
