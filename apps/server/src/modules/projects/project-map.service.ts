import type { UserRow } from '../../db/schema/index.ts';
import type { Access } from './access.ts';
import type { ProjectMapRepo } from './project-map.repo.ts';
import { toProjectMap } from './project-map.presenter.ts';

/** The project map's data: its owner's (or a superuser's) only, 404 for anyone else. */
export function createProjectMapService(deps: { access: Access; repo: ProjectMapRepo }) {
  return {
    async map(user: UserRow, id: string) {
      const project = await deps.access(user, id, 'read');
      const [rows, states, counties] = await Promise.all([
        deps.repo.cities(project.id),
        deps.repo.states(project.id),
        deps.repo.counties(project.id),
      ]);
      return toProjectMap(rows, states, counties);
    },
  };
}
export type ProjectMapService = ReturnType<typeof createProjectMapService>;
