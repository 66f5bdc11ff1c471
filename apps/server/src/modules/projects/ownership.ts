import { MSG } from '@cityforge/shared';
import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { ProjectsRepo } from './projects.repo.ts';

/**
 * The one ownership rule for every project route: another user's project answers 404,
 * exactly like a missing one (superusers excepted).
 */
export function projectOwnership(repo: ProjectsRepo) {
  return async function owned(user: UserRow, id: string): Promise<ProjectRow> {
    const project = await repo.findById(id);
    if (!project || (!user.isSuperuser && project.userId !== user.id))
      throw notFound(MSG.projectNotFoundTitle);
    return project;
  };
}
export type Owned = ReturnType<typeof projectOwnership>;
