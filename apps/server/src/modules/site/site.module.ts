import { route } from '../../lib/module.ts';
import type { LocationsRepo } from '../locations/index.ts';
import type { ServiceCityRepo } from '../pages/index.ts';
import type { ProjectsModule } from '../projects/index.ts';
import { previewRoutes } from './preview.routes.ts';
import { createPreviewService } from './preview.service.ts';

export function createSiteModule(deps: {
  projects: Pick<ProjectsModule, 'repo' | 'access'>;
  locationsRepo: LocationsRepo;
  serviceCityRepo: ServiceCityRepo;
}) {
  const previewService = createPreviewService({
    projectsRepo: deps.projects.repo,
    locationsRepo: deps.locationsRepo,
    serviceCityRepo: deps.serviceCityRepo,
    access: deps.projects.access,
  });
  return { previewService, routes: [route(previewRoutes, { previewService })] };
}
