import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  projectClients,
  projects,
  users,
  workspaceMembers,
  workspaces,
  type WorkspaceRole,
} from '../../db/schema/index.ts';

export type MembershipRow = {
  id: string;
  name: string;
  accountId: string;
  role: WorkspaceRole;
};

export type MemberRow = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: WorkspaceRole;
  joinedAt: Date;
};

const membershipColumns = {
  id: workspaces.id,
  name: workspaces.name,
  accountId: workspaces.accountId,
  role: workspaceMembers.role,
};

export function createWorkspacesRepo(db: Db) {
  return {
    /** A user's workspaces, the one chosen last first. */
    async listFor(userId: string): Promise<MembershipRow[]> {
      return db
        .select(membershipColumns)
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, userId))
        .orderBy(
          sql`${workspaceMembers.chosenAt} desc nulls last`,
          desc(workspaceMembers.joinedAt),
          asc(workspaces.name),
        );
    },
    /** One workspace with the user's role there (null role: not a member). */
    async withRole(
      workspaceId: string,
      userId: string,
    ): Promise<(Omit<MembershipRow, 'role'> & { role: WorkspaceRole | null }) | null> {
      const [row] = await db
        .select({ ...membershipColumns, role: workspaceMembers.role })
        .from(workspaces)
        .leftJoin(
          workspaceMembers,
          and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
        )
        .where(eq(workspaces.id, workspaceId))
        .limit(1);
      return row ?? null;
    },
    /** Marks the membership chosen now; false when the user is not a member. */
    async choose(workspaceId: string, userId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(workspaceMembers)
        .set({ chosenAt: at })
        .where(
          and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
        )
        .returning({ userId: workspaceMembers.userId });
      return rows.length === 1;
    },
    async rename(workspaceId: string, name: string): Promise<void> {
      await db.update(workspaces).set({ name }).where(eq(workspaces.id, workspaceId));
    },
    async members(workspaceId: string, tx: Executor = db): Promise<MemberRow[]> {
      return tx
        .select({
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: workspaceMembers.role,
          joinedAt: workspaceMembers.joinedAt,
        })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(eq(workspaceMembers.workspaceId, workspaceId))
        .orderBy(asc(workspaceMembers.joinedAt), asc(users.email));
    },
    /** The projects of the workspace shared with each of these clients. */
    async sharedProjects(workspaceId: string, userIds: string[]): Promise<Map<string, string[]>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select({ userId: projectClients.userId, projectId: projectClients.projectId })
        .from(projectClients)
        .innerJoin(projects, eq(projects.id, projectClients.projectId))
        .where(and(eq(projects.workspaceId, workspaceId), inArray(projectClients.userId, userIds)))
        .orderBy(asc(projectClients.createdAt));
      const shared = new Map<string, string[]>();
      for (const row of rows)
        shared.set(row.userId, [...(shared.get(row.userId) ?? []), row.projectId]);
      return shared;
    },
    async ownerCount(workspaceId: string, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(workspaceMembers)
        .where(
          and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')),
        );
      return row?.n ?? 0;
    },
    async setRole(workspaceId: string, userId: string, role: WorkspaceRole, tx: Executor = db) {
      await tx
        .update(workspaceMembers)
        .set({ role })
        .where(
          and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
        );
    },
    /** The membership, and the workspace's projects shared with that person, gone. */
    async remove(workspaceId: string, userId: string, tx: Executor = db) {
      await tx
        .delete(projectClients)
        .where(
          and(
            eq(projectClients.userId, userId),
            inArray(
              projectClients.projectId,
              tx
                .select({ id: projects.id })
                .from(projects)
                .where(eq(projects.workspaceId, workspaceId)),
            ),
          ),
        );
      await tx
        .delete(workspaceMembers)
        .where(
          and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
        );
    },
    /** The workspaces of each of these users, with their role (the admin users list). */
    async ofUsers(userIds: string[]): Promise<Map<string, MembershipRow[]>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select({ ...membershipColumns, userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(inArray(workspaceMembers.userId, userIds))
        .orderBy(asc(workspaceMembers.joinedAt));
      const byUser = new Map<string, MembershipRow[]>();
      for (const { userId, ...row } of rows)
        byUser.set(userId, [...(byUser.get(userId) ?? []), row]);
      return byUser;
    },
  };
}
export type WorkspacesRepo = ReturnType<typeof createWorkspacesRepo>;
