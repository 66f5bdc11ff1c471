import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  plans,
  subscriptions,
  users,
  workspaceMembers,
  workspaces,
  type UserRow,
} from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'email' | 'joinedAt'>>;
export type SubscriptionView = {
  planId: string;
  planName: string;
  status: string;
  startedAt: Date;
  currentPeriodEnd: Date | null;
};

/** The columns of a SubscriptionView, for a select joining subscriptions and plans. */
export const subscriptionViewColumns = {
  planId: subscriptions.planId,
  planName: plans.name,
  status: subscriptions.status,
  startedAt: subscriptions.startedAt,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
};

/** An account's own workspace is named after the person (their address when unnamed). */
export function accountWorkspaceName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

export function createUsersRepo(db: Db) {
  return {
    async findById(id: string, tx: Executor = db): Promise<UserRow | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    async findByEmail(email: string, tx: Executor = db): Promise<UserRow | null> {
      const [row] = await tx
        .select()
        .from(users)
        .where(eq(users.email, email.toLowerCase()))
        .limit(1);
      return row ?? null;
    },
    /**
     * A new account, with its own workspace (its keys, plan and allowance are that workspace's)
     * and itself as the workspace's owner, in one transaction: no user is ever without one.
     */
    async create(values: NewUser, tx: Executor = db): Promise<UserRow> {
      return tx.transaction(async (t) => {
        const [row] = await t
          .insert(users)
          .values({ ...values, email: values.email.toLowerCase() })
          .returning();
        const user = row!;
        const [workspace] = await t
          .insert(workspaces)
          .values({ accountId: user.id, name: accountWorkspaceName(user) })
          .returning({ id: workspaces.id });
        await t.insert(workspaceMembers).values({
          workspaceId: workspace!.id,
          userId: user.id,
          role: 'owner',
          chosenAt: user.joinedAt,
        });
        return user;
      });
    },
    async update(id: string, patch: UserPatch, tx: Executor = db): Promise<UserRow> {
      const [row] = await tx
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },
    /** Forgets the Google connection, if it is still the one read (a reconnect meanwhile wins). */
    async forgetGoogle(id: string, sealed: string): Promise<void> {
      await db
        .update(users)
        .set({ googleRefreshTokenEnc: null, googleConnectedAt: null, updatedAt: new Date() })
        .where(and(eq(users.id, id), eq(users.googleRefreshTokenEnc, sealed)));
    },
    async touchActivity(id: string, at: Date, tx: Executor = db): Promise<void> {
      await tx.update(users).set({ lastActivityAt: at }).where(eq(users.id, id));
    },
    async subscriptionOf(userId: string, tx: Executor = db): Promise<SubscriptionView | null> {
      const [row] = await tx
        .select(subscriptionViewColumns)
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, userId))
        .limit(1);
      return row ?? null;
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
