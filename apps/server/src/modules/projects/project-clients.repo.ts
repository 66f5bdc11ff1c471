import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectClients } from '../../db/schema/index.ts';

/** Which of a workspace's clients a project is shared with. */
export function createProjectClientsRepo(db: Db) {
  return {
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
