import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens, type ApiTokenRow } from '../../db/schema/index.ts';

export function createApiTokensRepo(db: Db) {
  return {
    async insert(values: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
      const [row] = await db.insert(apiTokens).values(values).returning();
      return row!;
    },
    /** The user's tokens in one workspace, newest first. */
    async listOf(workspaceId: string, userId: string): Promise<ApiTokenRow[]> {
      return db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.workspaceId, workspaceId), eq(apiTokens.userId, userId)))
        .orderBy(desc(apiTokens.createdAt));
    },
    /** Deletes a token of the workspace (the user's, when named); false when there was none. */
    async remove(workspaceId: string, userId: string | null, id: string): Promise<boolean> {
      const rows = await db
        .delete(apiTokens)
        .where(
          and(
            eq(apiTokens.id, id),
            eq(apiTokens.workspaceId, workspaceId),
            userId ? eq(apiTokens.userId, userId) : undefined,
          ),
        )
        .returning({ id: apiTokens.id });
      return rows.length === 1;
    },
  };
}
export type ApiTokensRepo = ReturnType<typeof createApiTokensRepo>;
