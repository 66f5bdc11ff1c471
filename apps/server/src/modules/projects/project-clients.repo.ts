import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectClients, workspaceMembers, type WorkspaceRole } from '../../db/schema/index.ts';

/** Which of a workspace's clients a project is shared with. */
export function createProjectClientsRepo(db: Db) {
  return {
    async roleIn(workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
      const [row] = await db
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(
          and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
        )
        .limit(1);
      return row?.role ?? null;
    },
    async share(projectId: string, userId: string): Promise<void> {
      await db.insert(projectClients).values({ projectId, userId }).onConflictDoNothing();
    },
    async unshare(projectId: string, userId: string): Promise<void> {
      await db
        .delete(projectClients)
        .where(and(eq(projectClients.projectId, projectId), eq(projectClients.userId, userId)));
    },
  };
}
export type ProjectClientsRepo = ReturnType<typeof createProjectClientsRepo>;
