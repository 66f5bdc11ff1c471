// The front door: what other modules may use of this one. Generated from their imports by
// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export type { Access, Need } from './access.ts';
export type { RoleIn } from './project-clients.service.ts';
export { createProjectsModule } from './projects.module.ts';
export type { ProjectsModule } from './projects.module.ts';
export { toDeployment } from './projects.presenter.ts';
export type { NewProject, ProjectPatch, ProjectsRepo } from './projects.repo.ts';
export { domainPatch } from './projects.service.ts';
export type { ProjectsService } from './projects.service.ts';
