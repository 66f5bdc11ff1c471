// The front door: what other modules may use of this one. Generated from their imports by
// /work/tools/front-doors.ts (re-run it after adding an import; do not edit by hand).

export type { Owned } from './ownership.ts';
export { createProjectsModule } from './projects.module.ts';
export type { ProjectsModule } from './projects.module.ts';
export { toDeployment } from './projects.presenter.ts';
export type { NewProject, ProjectPatch, ProjectsRepo } from './projects.repo.ts';
export { domainPatch } from './projects.service.ts';
export type { ProjectsService } from './projects.service.ts';
