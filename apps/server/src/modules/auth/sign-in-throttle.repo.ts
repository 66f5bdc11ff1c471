import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { signInProofs, signInThrottles } from '../../db/schema/index.ts';

export type ThrottleRow = typeof signInThrottles.$inferSelect;
export type ProofRow = typeof signInProofs.$inferSelect;
type ThrottleState = Pick<ThrottleRow, 'failures' | 'rounds' | 'pausedUntil' | 'lastFailureAt'>;

/** The sign-in throttle's rows: counts per key, and the clients that proved an account. */
export function createSignInThrottleRepo(db: Db) {
  return {
    /** The rows of `keys`, made when missing, locked until the transaction ends (key order). */
    async lockThrottles(keys: string[], at: Date, tx: Executor): Promise<ThrottleRow[]> {
      await tx
        .insert(signInThrottles)
        .values(keys.map((key) => ({ key, lastFailureAt: at })))
        .onConflictDoNothing();
      return tx
        .select()
        .from(signInThrottles)
        .where(inArray(signInThrottles.key, keys))
        .orderBy(asc(signInThrottles.key))
        .for('update');
    },

    async saveThrottle(key: string, state: ThrottleState, tx: Executor = db) {
      await tx.update(signInThrottles).set(state).where(eq(signInThrottles.key, key));
    },

    /** Gives back one counted attempt of each key (a right password is not a guess). */
    async refund(keys: string[], tx: Executor = db) {
      await tx
        .update(signInThrottles)
        .set({ failures: sql`greatest(${signInThrottles.failures} - 1, 0)` })
        .where(inArray(signInThrottles.key, keys));
    },

    async forget(key: string, tx: Executor = db) {
      await tx.delete(signInThrottles).where(eq(signInThrottles.key, key));
    },

    /** The account's proofs among `proofs`, locked until the transaction ends. */
    async lockProofs(userId: string, proofs: string[], tx: Executor): Promise<ProofRow[]> {
      return tx
        .select()
        .from(signInProofs)
        .where(and(eq(signInProofs.userId, userId), inArray(signInProofs.proof, proofs)))
        .orderBy(asc(signInProofs.proof))
        .for('update');
    },

    async countProofFailure(userId: string, proof: string, tx: Executor = db) {
      await tx
        .update(signInProofs)
        .set({ failures: sql`${signInProofs.failures} + 1` })
        .where(and(eq(signInProofs.userId, userId), eq(signInProofs.proof, proof)));
    },

    /** Forgets a proof that failed `limit` times in a row: its client is a stranger again. */
    async withdrawSpentProof(userId: string, proof: string, limit: number, tx: Executor = db) {
      await tx
        .delete(signInProofs)
        .where(
          and(
            eq(signInProofs.userId, userId),
            eq(signInProofs.proof, proof),
            gte(signInProofs.failures, limit),
          ),
        );
    },

    /** Remembers (or renews) each proof as signed in at `at`, its run of failures over. */
    async saveProofs(userId: string, proofs: string[], at: Date, tx: Executor = db) {
      await tx
        .insert(signInProofs)
        .values(proofs.map((proof) => ({ userId, proof, failures: 0, signedInAt: at })))
        .onConflictDoUpdate({
          target: [signInProofs.userId, signInProofs.proof],
          set: { failures: 0, signedInAt: at },
        });
    },

    /** Rows nothing will read again: counts forgotten and proofs expired. */
    async sweep(forgetBefore: Date, proofsBefore: Date, tx: Executor = db) {
      await tx
        .delete(signInThrottles)
        .where(
          and(
            lt(signInThrottles.lastFailureAt, forgetBefore),
            or(isNull(signInThrottles.pausedUntil), lt(signInThrottles.pausedUntil, forgetBefore)),
          ),
        );
      await tx.delete(signInProofs).where(lt(signInProofs.signedInAt, proofsBefore));
    },
  };
}
export type SignInThrottleRepo = ReturnType<typeof createSignInThrottleRepo>;
