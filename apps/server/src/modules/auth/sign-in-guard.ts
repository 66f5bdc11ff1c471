import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';

/** Wrong passwords in a row before sign-in to the account pauses. */
export const FAILURES_BEFORE_LOCK = 10;
const FIRST_LOCK_MS = 15 * 60_000;
const LONGEST_LOCK_MS = 24 * 60 * 60_000;

/**
 * Failed sign-ins counted on the account, in the database: a guesser spreading attempts over
 * many addresses or API processes still meets the same count. Every tenth failure in a row
 * pauses sign-in, each pause twice the last (15 minutes, 30, 1 hour… at most a day), and the
 * caller mails the owner. A good sign-in or a password reset starts the count again.
 */
export function createSignInGuard(db: Db) {
  return {
    isLocked(user: UserRow, now: Date): boolean {
      return Boolean(user.signInLockedUntil && user.signInLockedUntil > now);
    },

    /** Counts one failure atomically; answers the pause when this failure starts one. */
    async recordFailure(userId: string, now: Date): Promise<{ lockedMinutes: number } | null> {
      const [row] = await db
        .update(users)
        .set({ failedSignIns: sql`${users.failedSignIns} + 1` })
        .where(eq(users.id, userId))
        .returning({ failures: users.failedSignIns });
      const failures = row?.failures ?? 0;
      if (failures === 0 || failures % FAILURES_BEFORE_LOCK !== 0) return null;
      const round = failures / FAILURES_BEFORE_LOCK;
      const lockMs = Math.min(FIRST_LOCK_MS * 2 ** Math.min(round - 1, 20), LONGEST_LOCK_MS);
      await db
        .update(users)
        .set({ signInLockedUntil: new Date(now.getTime() + lockMs) })
        .where(eq(users.id, userId));
      return { lockedMinutes: Math.round(lockMs / 60_000) };
    },

    async clear(userId: string, tx: Executor = db): Promise<void> {
      await tx
        .update(users)
        .set({ failedSignIns: 0, signInLockedUntil: null })
        .where(
          and(
            eq(users.id, userId),
            sql`(${users.failedSignIns} <> 0 or ${users.signInLockedUntil} is not null)`,
          ),
        );
    },
  };
}
export type SignInGuard = ReturnType<typeof createSignInGuard>;
