import type { ProjectRow } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ProjectsRepo } from '../projects/index.ts';
import type { MemoFiles } from './build-memo.ts';
import { indexNowSite } from './index-now-deploy.ts';
import type { NetlifyClient } from './netlify-client.ts';
import { ensureSite, publishedUrl } from './netlify-site.ts';
import type { PublishingRepo } from './publishing.repo.ts';

/** Where a deploy goes: the project's Netlify site, and what the last deploy there sent. */
export type DeployTarget = {
  project: ProjectRow;
  client: NetlifyClient;
  siteId: string;
  siteUrl: string | undefined;
  /** The last deploy's memo, when it went to this same Netlify site. */
  remembered: MemoFiles | undefined;
  /** The memo as stored, to leave it alone when this deploy changes nothing. */
  memo: Awaited<ReturnType<PublishingRepo['siteMemo']>>;
  indexNow: Awaited<ReturnType<typeof indexNowSite>>;
};

/**
 * The first step of a deploy: the project's Netlify site, made or brought up to date (with the
 * client's domain), and what is known of the last deploy sent there.
 */
export async function ensureTarget(
  deps: {
    repo: Pick<PublishingRepo, 'siteMemo'>;
    projectsRepo: ProjectsRepo;
    logger: Logger;
  },
  owned: { project: ProjectRow; client: NetlifyClient },
): Promise<DeployTarget> {
  const { client } = owned;
  const { site, project } = await ensureSite(client, deps.projectsRepo, owned.project, deps.logger);
  // The last deploy to this same Netlify site tells which files did not change.
  const memo = await deps.repo.siteMemo(project.id);
  return {
    project,
    client,
    siteId: site.id,
    siteUrl: publishedUrl(project),
    memo,
    remembered: memo?.siteId === site.id ? memo.files : undefined,
    indexNow: await indexNowSite(deps.projectsRepo, project),
  };
}
