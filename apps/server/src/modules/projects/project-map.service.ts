import type { UserRow } from '../../db/schema/index.ts';
import type { Owned } from './ownership.ts';
import type { ProjectMapRepo } from './project-map.repo.ts';
import { toProjectMap } from './project-map.presenter.ts';

/** The project map's data: its owner's (or a superuser's) only, 404 for anyone else. */
export function createProjectMapService(deps: { owned: Owned; repo: ProjectMapRepo }) {
  return {
    async map(user: UserRow, id: string) {
      const project = await deps.owned(user, id);
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
