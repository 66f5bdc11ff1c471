import { and, eq, lt, or, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  apiTokens,
  users,
  workspaceMembers,
  workspaces,
  type UserRow,
  type WorkspaceRole,
} from '../../db/schema/index.ts';

/** What a bearer API token stands for: its creator, with their role now, in its workspace. */
export type TokenHolder = {
  tokenId: string;
  lastUsedAt: Date | null;
  user: UserRow;
  workspace: { id: string; role: WorkspaceRole; accountId: string };
};

export function createApiTokenAuthRepo(db: Db) {
  return {
    /**
     * The holder of the token with this hash while its creator is still a member of its
     * workspace (a removed member's tokens answer nothing): one statement per request.
     */
    async holder(tokenHash: string): Promise<TokenHolder | null> {
      const [row] = await db
        .select({
          tokenId: apiTokens.id,
          lastUsedAt: apiTokens.lastUsedAt,
          user: users,
          id: workspaces.id,
          role: workspaceMembers.role,
          accountId: workspaces.accountId,
        })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
        .innerJoin(
          workspaceMembers,
          and(
            eq(workspaceMembers.workspaceId, apiTokens.workspaceId),
            eq(workspaceMembers.userId, apiTokens.userId),
          ),
        )
        .where(eq(apiTokens.tokenHash, tokenHash))
        .limit(1);
      if (!row) return null;
      const { tokenId, lastUsedAt, user, ...workspace } = row;
      return { tokenId, lastUsedAt, user, workspace };
    },
    /** Records a use, unless one was recorded since `notBefore` (at most once a window). */
    async touch(tokenId: string, at: Date, notBefore: Date) {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(apiTokens.id, tokenId),
            or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, notBefore)),
          ),
        );
    },
  };
}
export type ApiTokenAuthRepo = ReturnType<typeof createApiTokenAuthRepo>;
