import type { Access, ProjectPatch, ProjectsRepo } from '../projects/index.ts';
import type { Resolver } from 'node:dns/promises';
import {
  MSG,
  type TAddCustomDomain,
  type TProject,
  type TVerifyDomainResult,
} from '@cityforge/shared';
import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { domainPatch } from '../projects/index.ts';
import { netlifyAppError, domainSettings } from '../publishing/index.ts';
import type { Netlify } from '../publishing/index.ts';
import { checkDomain } from './dns-check.ts';

type SyncDeps = { netlify: Netlify };

type Deps = SyncDeps & {
  projectsRepo: ProjectsRepo;
  access: Access;
  present: (user: UserRow, rows: ProjectRow[]) => Promise<TProject[]>;
  resolver: () => Resolver;
  syncNetlify: DomainSync;
};

const hostOf = (url: string) => new URL(url).host;

/**
 * Puts a new domain on the project's Netlify site (custom domain + www alias) before the
 * project stores it, so a domain Netlify refuses changes nothing. A project not yet on
 * Netlify only stores it: the first deploy attaches it. The settings form uses it too.
 */
export function createDomainSync(deps: SyncDeps) {
  return async function syncNetlify(project: ProjectRow, domain: string | null): Promise<void> {
    if (!project.netlifySiteId || domain === project.clientDomain) return;
    const client = await deps.netlify.forProject(project);
    if (!client) throw badRequest(MSG.netlifyTokenMissing);
    try {
      await client.updateSite(project.netlifySiteId, domainSettings(domain));
    } catch (error) {
      throw netlifyAppError(error, 'Netlify did not accept the domain');
    }
  };
}
export type DomainSync = ReturnType<typeof createDomainSync>;

export function createDomainsService(deps: Deps) {
  const { projectsRepo: repo, syncNetlify } = deps;

  async function setDomain(
    user: UserRow,
    project: ProjectRow,
    domain: string,
    extra: ProjectPatch = {},
  ) {
    await syncNetlify(project, domain);
    const updated = await repo.update(project.id, { ...domainPatch(project, domain), ...extra });
    return { data: (await deps.present(user, [updated]))[0]!, message: MSG.domainUpdated };
  }

  return {
    async setDomain(user: UserRow, id: string, clientDomain: string) {
      return setDomain(user, await deps.access(user, id, 'edit'), clientDomain);
    },

    /** The card flow: the domain with the contact details the site shows. */
    async addCustomDomain(user: UserRow, id: string, input: TAddCustomDomain) {
      const project = await deps.access(user, id, 'edit');
      const extra: ProjectPatch = {};
      if (input.email) extra.email = input.email;
      if (input.contact_phone_number) extra.contactPhoneNumber = input.contact_phone_number;
      return setDomain(user, project, input.client_domain.trim().toLowerCase(), extra);
    },

    async verify(user: UserRow, id: string): Promise<TVerifyDomainResult> {
      const project = await deps.access(user, id, 'edit');
      if (!project.clientDomain) throw badRequest(MSG.domainNotSet);
      if (!project.netlifySiteUrl) throw badRequest(MSG.deployFirst);
      const { checks, definitive } = await checkDomain(
        deps.resolver(),
        project.clientDomain,
        hostOf(project.netlifySiteUrl),
      );
      const verified = checks.every((c) => c.ok);
      // A DNS outage is no proof the records went away: only real answers unverify.
      const changed = verified !== project.isDomainVerified && (verified || definitive);
      const updated = changed
        ? await repo.update(project.id, { isDomainVerified: verified })
        : project;
      return {
        verified,
        message: verified ? MSG.domainVerified : MSG.domainNotVerified,
        checks,
        data: (await deps.present(user, [updated]))[0]!,
      };
    },
  };
}
export type DomainsService = ReturnType<typeof createDomainsService>;
