import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  projectClients,
  projects,
  workspaceMembers,
  type ProjectRow,
  type WorkspaceRole,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

export type ProjectMembership = {
  project: ProjectRow;
  /** The user's role in the project's workspace; null when they are not a member. */
  role: WorkspaceRole | null;
  /** Whether the project is shared with the user as a client. */
  shared: boolean;
};

/** A project with what one user is to it, in one statement. */
export function createAccessRepo(db: Db) {
  return {
    async projectFor(projectId: string, userId: string): Promise<ProjectMembership | null> {
      if (!isUuid(projectId)) return null;
      const shared = sql<boolean>`exists (select 1 from ${projectClients} where ${projectClients.projectId} = ${projects.id} and ${projectClients.userId} = ${userId})`;
      const [row] = await db
        .select({ project: projects, role: workspaceMembers.role, shared })
        .from(projects)
        .leftJoin(
          workspaceMembers,
          and(
            eq(workspaceMembers.workspaceId, projects.workspaceId),
            eq(workspaceMembers.userId, userId),
          ),
        )
        .where(eq(projects.id, projectId))
        .limit(1);
      return row ? { project: row.project, role: row.role, shared: Boolean(row.shared) } : null;
    },
  };
}
export type AccessRepo = ReturnType<typeof createAccessRepo>;
