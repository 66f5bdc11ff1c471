import { createHash, createHmac } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { clientNetwork } from '../../lib/client-network.ts';
import { randomToken } from '../../lib/crypto.ts';
import { createSignInThrottleRepo, type ThrottleRow } from './sign-in-throttle.repo.ts';

/** Wrong passwords for one e-mail address, from clients it has not seen, before a pause. */
export const ACCOUNT_FAILURES_PER_ROUND = 10;
/** Wrong passwords in a row from a proven client before it is no longer trusted. */
export const PROOF_FAILURES = 10;
const PROOF_MS = 90 * 24 * 60 * 60_000;
const FIRST_PAUSE_MS = 15 * 60_000;
const LONGEST_PAUSE_MS = 24 * 60 * 60_000;
// A key's count and its pauses are forgotten a day after it last failed or was paused.
const FORGET_MS = 24 * 60 * 60_000;
const SWEEP_EVERY = 500;

/** Who is signing in: the client's address, and the sign-in cookie its browser holds. */
export type SignInClient = { ip: string; device?: string };

/** One attempt's place in the counts, taken before its password is checked. */
export type Claim =
  | { kind: 'held' }
  | { kind: 'proven'; userId: string; proof: string }
  | { kind: 'counted'; emailKey: string; keys: Array<{ key: string; budget: number }> };

const pauseMs = (round: number) =>
  Math.min(FIRST_PAUSE_MS * 2 ** Math.min(round - 1, 20), LONGEST_PAUSE_MS);

/** A key's row as it stands at `now`: forgotten, paused, or in a new round after a pause. */
function standing(row: ThrottleRow, now: Date) {
  const quietSince = Math.max(row.lastFailureAt.getTime(), row.pausedUntil?.getTime() ?? 0);
  if (now.getTime() - quietSince > FORGET_MS)
    return { failures: 0, rounds: 0, pausedUntil: null, paused: false };
  const { failures, rounds, pausedUntil } = row;
  if (pausedUntil && pausedUntil > now) return { failures, rounds, pausedUntil, paused: true };
  if (pausedUntil) return { failures: 0, rounds, pausedUntil: null, paused: false };
  return { failures, rounds, pausedUntil, paused: false };
}

/**
 * Throttles guessing, not accounts. Wrong passwords are counted per typed e-mail address
 * (known or not: the count tells nothing) and per client network across all addresses; a key
 * that used its round's budget pauses (15 minutes, doubling to a day), and while it is paused
 * every attempt counted against it answers 429 whatever the password. A client that signed in
 * to the account before (its network, or its browser's sign-in cookie) is counted on that
 * proof alone: the pauses others cause never stop the owner. Every attempt is counted before
 * its password is checked, so parallel guesses cannot overrun a budget; a right password gives
 * its count back.
 */
export function createSignInThrottle(db: Db, opts: { secret: string; networkFailures: number }) {
  const repo = createSignInThrottleRepo(db);
  const hmac = (kind: string, value: string) =>
    `${kind}:${createHmac('sha256', opts.secret).update(`sign-in:${kind}:${value}`).digest('hex')}`;
  const emailKey = (email: string) => hmac('email', email.trim().toLowerCase());
  const networkKey = (client: SignInClient) => hmac('net', clientNetwork(client.ip));
  const deviceProof = (device: string) =>
    `device:${createHash('sha256').update(device).digest('hex')}`;
  const proofsOf = (client: SignInClient) => [
    networkKey(client),
    ...(client.device ? [deviceProof(client.device)] : []),
  ];
  let sinceSweep = 0;

  async function sweepNowAndThen(now: Date) {
    sinceSweep += 1;
    if (sinceSweep < SWEEP_EVERY) return;
    sinceSweep = 0;
    await repo.sweep(new Date(now.getTime() - FORGET_MS), new Date(now.getTime() - PROOF_MS));
  }

  return {
    /**
     * Counts the attempt before its password is checked. `userId` is the account the address
     * belongs to, or null; the same statements run either way.
     */
    async claim(email: string, userId: string | null, client: SignInClient, now: Date) {
      await sweepNowAndThen(now);
      return db.transaction(async (tx): Promise<Claim> => {
        const proofs = await repo.lockProofs(userId ?? NO_USER, proofsOf(client), tx);
        const usable = proofs.find(
          (p) => p.failures < PROOF_FAILURES && now.getTime() - p.signedInAt.getTime() < PROOF_MS,
        );
        if (userId && usable) {
          await repo.countProofFailure(userId, usable.proof, tx);
          return { kind: 'proven', userId, proof: usable.proof };
        }
        const budgets = new Map([
          [emailKey(email), ACCOUNT_FAILURES_PER_ROUND],
          [networkKey(client), opts.networkFailures],
        ]);
        const rows = await repo.lockThrottles([...budgets.keys()], now, tx);
        const states = rows.map((row) => ({ key: row.key, ...standing(row, now) }));
        if (states.some((s) => s.paused || s.failures >= budgets.get(s.key)!))
          return { kind: 'held' };
        for (const { key, failures, rounds, pausedUntil } of states)
          await repo.saveThrottle(
            key,
            { failures: failures + 1, rounds, pausedUntil, lastFailureAt: now },
            tx,
          );
        const keys = [...budgets].map(([key, budget]) => ({ key, budget }));
        return { kind: 'counted', emailKey: emailKey(email), keys };
      });
    },

    /**
     * Settles a claimed attempt once its password was checked: a right one gives its count
     * back; a wrong one that used a key's budget starts that key's pause. Answers the pause of
     * the e-mail address when this attempt started one (its owner is told).
     */
    async settle(
      claim: Claim,
      good: boolean,
      now: Date,
    ): Promise<{ pausedMinutes: number } | null> {
      if (claim.kind === 'held') return null;
      if (claim.kind === 'proven') {
        if (good) await repo.saveProofs(claim.userId, [claim.proof], now);
        else await repo.withdrawSpentProof(claim.userId, claim.proof, PROOF_FAILURES);
        return null;
      }
      if (good) {
        await repo.refund(claim.keys.map((k) => k.key));
        return null;
      }
      return db.transaction(async (tx) => {
        const rows = await repo.lockThrottles(
          claim.keys.map((k) => k.key),
          now,
          tx,
        );
        let started: { pausedMinutes: number } | null = null;
        for (const row of rows) {
          const budget = claim.keys.find((k) => k.key === row.key)!.budget;
          const state = standing(row, now);
          if (state.paused || state.failures < budget) continue;
          const rounds = state.rounds + 1;
          const pausedUntil = new Date(now.getTime() + pauseMs(rounds));
          await repo.saveThrottle(
            row.key,
            { failures: state.failures, rounds, pausedUntil, lastFailureAt: now },
            tx,
          );
          if (row.key === claim.emailKey) started = { pausedMinutes: pauseMs(rounds) / 60_000 };
        }
        return started;
      });
    },

    /**
     * After a good sign-in: the client's network and browser are proven for the account.
     * Answers the browser's sign-in cookie (the one it sent, or a new one).
     */
    async prove(userId: string, client: SignInClient, now: Date): Promise<string> {
      // The cookie is ours only in its shape; anything else gets a new one.
      const device =
        client.device && DEVICE_TOKEN.test(client.device) ? client.device : randomToken();
      await repo.saveProofs(userId, proofsOf({ ...client, device }), now);
      return device;
    },

    /** The mailed reset link proves the owner: the address's count and pauses end. */
    async forgive(email: string) {
      await repo.forget(emailKey(email));
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

// randomToken(): 32 random bytes, base64url.
const DEVICE_TOKEN = /^[\w-]{43}$/;

// Looked up when the address has no account, so both cases run the same statements.
const NO_USER = '00000000-0000-0000-0000-000000000000';
