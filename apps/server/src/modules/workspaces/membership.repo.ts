import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { users, workspaceMembers, workspaces, type WorkspaceRole } from '../../db/schema/index.ts';

/** The reads and writes of membership that invitations and API tokens need. */
export function createMembershipRepo(db: Db) {
  return {
    async workspace(id: string, tx: Executor = db) {
      const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
      return row ?? null;
    },
    async roleOf(
      workspaceId: string,
      userId: string,
      tx: Executor = db,
    ): Promise<WorkspaceRole | null> {
      const [row] = await tx
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(
          and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
        )
        .limit(1);
      return row?.role ?? null;
    },
    /** Whether an account with this e-mail address is a member already. */
    async hasMemberWithEmail(workspaceId: string, email: string, tx: Executor = db) {
      const [row] = await tx
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email)))
        .limit(1);
      return row !== undefined;
    },
    /** Adds the member (a member already keeps their role) and makes it their chosen workspace. */
    async join(
      values: { workspaceId: string; userId: string; role: WorkspaceRole; at: Date },
      tx: Executor = db,
    ): Promise<WorkspaceRole> {
      const { workspaceId, userId, role, at } = values;
      const [row] = await tx
        .insert(workspaceMembers)
        .values({ workspaceId, userId, role, chosenAt: at, joinedAt: at })
        .onConflictDoUpdate({
          target: [workspaceMembers.workspaceId, workspaceMembers.userId],
          set: { chosenAt: sql`excluded.chosen_at` },
        })
        .returning({ role: workspaceMembers.role });
      return row!.role;
    },
  };
}
export type MembershipRepo = ReturnType<typeof createMembershipRepo>;
