import type { Config } from '../../config/env.ts';
import { route } from '../../lib/module.ts';
import type { ProjectsModule } from '../projects/index.ts';
import type { Netlify } from '../publishing/index.ts';
import { createResolver } from './dns-check.ts';
import { domainsRoutes } from './domains.routes.ts';
import { createDomainSync, createDomainsService } from './domains.service.ts';

export function createDomainsModule(deps: {
  config: Pick<Config, 'DNS_SERVERS'>;
  projects: Pick<ProjectsModule, 'repo' | 'access' | 'service'>;
  netlify: Netlify;
}) {
  const { projects, netlify } = deps;
  const sync = createDomainSync({ netlify });
  const service = createDomainsService({
    projectsRepo: projects.repo,
    netlify,
    access: projects.access,
    present: projects.service.present,
    resolver: () => createResolver(deps.config.DNS_SERVERS),
    syncNetlify: sync,
  });
  return { sync, service, routes: [route(domainsRoutes, { domainsService: service })] };
}
