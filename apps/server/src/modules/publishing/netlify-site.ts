import { randomBytes } from 'node:crypto';
import type { ProjectRow } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ProjectsRepo } from '../projects/index.ts';
import { slugify } from '../../lib/slugify.ts';
import { absoluteUrl, cityPath } from '../site/index.ts';
import {
  NetlifyError,
  netlifyUrlOf,
  type NetlifyClient,
  type NetlifySite,
} from './netlify-client.ts';

/** The client's domain as Netlify takes it: the bare domain, with www as its alias. */
export const domainSettings = (domain: string | null) => ({
  custom_domain: domain,
  domain_aliases: domain ? [`www.${domain}`] : [],
});

/** The origin the site's pages name as theirs: the verified domain, else the Netlify URL. */
export function publishedUrl(
  project: Pick<ProjectRow, 'clientDomain' | 'isDomainVerified' | 'netlifySiteUrl'>,
): string | undefined {
  if (project.clientDomain && project.isDomainVerified) return `https://${project.clientDomain}`;
  return project.netlifySiteUrl ?? undefined;
}

/**
 * Where a city's page answers: on the live site once the project has an address there, else
 * its path on the site to come (the places export's Page URL).
 */
export function cityPageUrl(
  project: Pick<ProjectRow, 'clientDomain' | 'isDomainVerified' | 'netlifySiteUrl'>,
  place: {
    state: { slug: string };
    county: { slug: string };
    city: { slug: string };
    overflow: boolean;
  },
): string {
  const path = cityPath(place.state, place.county, place.city, place.overflow);
  return absoluteUrl(publishedUrl(project) ?? '', path);
}

/** A readable, unique Netlify name: the business's name and a short random tail. */
const siteName = (project: Pick<ProjectRow, 'name'>) =>
  `${slugify(project.name).slice(0, 40).replace(/-+$/, '') || 'site'}-${randomBytes(3).toString('hex')}`;

async function createSite(client: NetlifyClient, project: ProjectRow): Promise<NetlifySite> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.createSite({ name: siteName(project) });
    } catch (error) {
      // A taken name is the only refusal another name can fix.
      if (!(error instanceof NetlifyError) || error.status !== 422 || attempt >= 3) throw error;
    }
  }
}

/**
 * The project's Netlify site: the one it has, or a new one on the first publish (or when the
 * old one was deleted on Netlify). A new address joins the project's URL history. The
 * client's domain is attached when the site lacks it; a domain Netlify refuses there (taken
 * by another site) does not stop the deploy: the domain step reports it.
 */
export async function ensureSite(
  client: NetlifyClient,
  projectsRepo: ProjectsRepo,
  project: ProjectRow,
  logger: Logger,
): Promise<{ site: NetlifySite; project: ProjectRow }> {
  let site = project.netlifySiteId ? await client.getSite(project.netlifySiteId) : null;
  site ??= await createSite(client, project);
  if (project.clientDomain && site.custom_domain !== project.clientDomain) {
    try {
      site = await client.updateSite(site.id, domainSettings(project.clientDomain));
    } catch (error) {
      if (!(error instanceof NetlifyError) || error.kind === 'token') throw error;
      logger.warn({ projectId: project.id, reason: error.reason }, 'custom domain not attached');
    }
  }
  const url = netlifyUrlOf(site);
  if (project.netlifySiteId === site.id && project.netlifySiteUrl === url) return { site, project };
  const history = project.netlifySiteUrlHistory.includes(url)
    ? project.netlifySiteUrlHistory
    : [...project.netlifySiteUrlHistory, url];
  const updated = await projectsRepo.update(project.id, {
    netlifySiteId: site.id,
    netlifySiteUrl: url,
    netlifySiteUrlHistory: history,
  });
  return { site, project: updated };
}
