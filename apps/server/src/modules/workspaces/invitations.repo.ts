import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  workspaceInvitations,
  workspaces,
  type WorkspaceInvitationRow,
} from '../../db/schema/index.ts';

type NewInvitation = typeof workspaceInvitations.$inferInsert;
const pending = (now: Date) =>
  and(
    isNull(workspaceInvitations.acceptedAt),
    isNull(workspaceInvitations.revokedAt),
    gt(workspaceInvitations.expiresAt, now),
  );

export function createInvitationsRepo(db: Db) {
  return {
    async insert(values: NewInvitation, tx: Executor = db): Promise<WorkspaceInvitationRow> {
      const [row] = await tx.insert(workspaceInvitations).values(values).returning();
      return row!;
    },
    /** The workspace's invitations still waiting for an answer, oldest first. */
    async listPending(workspaceId: string, now: Date): Promise<WorkspaceInvitationRow[]> {
      return db
        .select()
        .from(workspaceInvitations)
        .where(and(eq(workspaceInvitations.workspaceId, workspaceId), pending(now)))
        .orderBy(asc(workspaceInvitations.createdAt));
    },
    async findInWorkspace(workspaceId: string, id: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(workspaceInvitations)
        .where(
          and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, id)),
        )
        .limit(1);
      return row ?? null;
    },
    /** An invitation by its link's hash, with its workspace's name. */
    async findByHash(tokenHash: string, tx: Executor = db) {
      const [row] = await tx
        .select({ invitation: workspaceInvitations, workspaceName: workspaces.name })
        .from(workspaceInvitations)
        .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
        .where(eq(workspaceInvitations.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },
    /** Revokes the pending invitations of an address, as a new one replaces them. */
    async revokePendingFor(workspaceId: string, email: string, now: Date, tx: Executor = db) {
      await tx
        .update(workspaceInvitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(workspaceInvitations.workspaceId, workspaceId),
            eq(workspaceInvitations.email, email),
            pending(now),
          ),
        );
    },
    async update(
      id: string,
      values: Partial<
        Pick<NewInvitation, 'tokenHash' | 'expiresAt' | 'lastSentAt' | 'sendCount' | 'revokedAt'>
      >,
      tx: Executor = db,
    ) {
      const [row] = await tx
        .update(workspaceInvitations)
        .set(values)
        .where(eq(workspaceInvitations.id, id))
        .returning();
      return row ?? null;
    },
    /** Single use: marks the invitation accepted once, even under concurrent requests. */
    async markAccepted(id: string, at: Date, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(workspaceInvitations)
        .set({ acceptedAt: at })
        .where(and(eq(workspaceInvitations.id, id), pending(at)))
        .returning({ id: workspaceInvitations.id });
      return rows.length === 1;
    },
  };
}
export type InvitationsRepo = ReturnType<typeof createInvitationsRepo>;
