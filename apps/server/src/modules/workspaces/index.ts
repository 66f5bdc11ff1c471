// The front door: what other modules may use of this one. Generated from their imports by
// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export { requireWorkspaceRole, roleAllows } from './roles.ts';
export type { Need } from './roles.ts';
export { createTeamModule } from './team.module.ts';
export { createWorkspacesModule } from './workspaces.module.ts';
export type { WorkspacesRepo } from './workspaces.repo.ts';
export type { WorkspacesService } from './workspaces.service.ts';
