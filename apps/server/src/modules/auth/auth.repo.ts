import { and, desc, eq, exists, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  oneTimeTokens,
  refreshTokens,
  users,
  workspaceMembers,
  workspaces,
  type UserRow,
  type WorkspaceRole,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

type Purpose = 'verify_email' | 'reset_password';

export function createAuthRepo(db: Db) {
  return {
    async insertRefresh(
      values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
      tx: Executor = db,
    ) {
      await tx.insert(refreshTokens).values(values);
    },
    async findRefresh(tokenHash: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },
    /** Marks a token rotated only if nobody else did first; false means it was already used. */
    async markRotated(id: string, at: Date, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(refreshTokens)
        .set({ rotatedAt: at })
        .where(
          and(
            eq(refreshTokens.id, id),
            isNull(refreshTokens.rotatedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },
    async revokeFamily(familyId: string, at: Date, tx: Executor = db) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
    async revokeAllForUser(userId: string, at: Date, tx: Executor = db) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
    /**
     * The user an access token names, while the token's session family is still active (not
     * revoked by logout or by a reused refresh token): one statement per authenticated request.
     */
    async sessionUser(userId: string, familyId: string): Promise<UserRow | null> {
      if (!isUuid(userId) || !isUuid(familyId)) return null;
      const active = db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), exists(active)))
        .limit(1);
      return row ?? null;
    },
    /**
     * The workspace a request of this user acts in: the one named (when the user belongs to
     * it), else the membership chosen last. A superuser may name any workspace, as its owner.
     */
    async requestWorkspace(
      user: Pick<UserRow, 'id' | 'isSuperuser'>,
      named: string | null,
    ): Promise<{ id: string; role: WorkspaceRole; accountId: string } | null> {
      const [row] = await db
        .select({
          id: workspaces.id,
          role: workspaceMembers.role,
          accountId: workspaces.accountId,
        })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(
          and(
            eq(workspaceMembers.userId, user.id),
            named ? eq(workspaceMembers.workspaceId, named) : undefined,
          ),
        )
        .orderBy(sql`${workspaceMembers.chosenAt} desc nulls last`, desc(workspaceMembers.joinedAt))
        .limit(1);
      if (row || !named || !user.isSuperuser) return row ?? null;
      const [any] = await db
        .select({ id: workspaces.id, accountId: workspaces.accountId })
        .from(workspaces)
        .where(eq(workspaces.id, named))
        .limit(1);
      return any ? { ...any, role: 'owner' } : null;
    },
    async insertOneTime(
      values: { userId: string; purpose: Purpose; tokenHash: string; expiresAt: Date },
      tx: Executor = db,
    ) {
      await tx.insert(oneTimeTokens).values(values);
    },
    async findUsableOneTime(tokenHash: string, purpose: Purpose, now: Date, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return row ?? null;
    },
    /** Single use: succeeds once, even under concurrent requests. */
    async consumeOneTime(id: string, at: Date, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(oneTimeTokens)
        .set({ usedAt: at })
        .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
        .returning({ id: oneTimeTokens.id });
      return rows.length === 1;
    },
    async latestOneTimeAt(
      userId: string,
      purpose: Purpose,
      tx: Executor = db,
    ): Promise<Date | null> {
      const [row] = await tx
        .select({ createdAt: oneTimeTokens.createdAt })
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)))
        .orderBy(desc(oneTimeTokens.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },
    /** A new link replaces older unused ones of the same purpose. */
    async expireOneTimeFor(userId: string, purpose: Purpose, at: Date, tx: Executor = db) {
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(oneTimeTokens.userId, userId),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
          ),
        );
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
