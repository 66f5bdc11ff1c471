import type { DbHandle } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

// Any fixed number, the same in every process: one worker sweeps at a time.
const SWEEP_LOCK = 4_172_026_002;

/**
 * One module's share of putting right what a process killed mid-step left behind. It is
 * handed when a row counts as left behind: a row still since before `leftBefore` was left by a
 * dead process (RECOVER_AFTER_SECONDS ago; every row, at the boot of the embedded mode).
 */
export type RecoverySweep = (leftBefore: Date) => Promise<void>;

type Recovery = {
  handle: DbHandle;
  logger: Logger;
  sweeps: RecoverySweep[];
  /** RECOVER_AFTER_SECONDS: how still a row must be to count as left behind (PostgreSQL). */
  afterMs: number;
};

async function sweep(r: Recovery, leftBefore: Date) {
  for (const one of r.sweeps) await one(leftBefore);
}

/** One sweep at a time across worker processes (PostgreSQL); PGlite has one process anyway. */
async function sweepOnce(r: Recovery, leftBefore: () => Date) {
  if (r.handle.kind === 'pglite') return sweep(r, leftBefore());
  const client = await r.handle.pool.connect();
  try {
    const { rows } = await client.query<{ got: boolean }>(
      'select pg_try_advisory_lock($1) as got',
      [SWEEP_LOCK],
    );
    if (!rows[0]?.got) return;
    try {
      await sweep(r, leftBefore());
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SWEEP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * Run by a server process that runs workers, before they start (a killed worker
 * loses no page). In the embedded mode the folder's lock says no other process runs, so
 * everything in flight at boot was left by a dead one; with PostgreSQL a sweep every half
 * minute (or half of RECOVER_AFTER_SECONDS, if shorter) catches what a dead worker or API
 * process left, once it has been still long enough.
 */
export async function startRecovery(r: Recovery): Promise<void> {
  const run = (leftBefore: () => Date) =>
    sweepOnce(r, leftBefore).catch((err: unknown) =>
      r.logger.warn({ err }, 'recovery sweep failed'),
    );
  if (r.handle.kind === 'pglite') {
    const now = new Date();
    await run(() => now);
    return;
  }
  const still = () => new Date(Date.now() - r.afterMs);
  await run(still);
  setInterval(() => void run(still), Math.min(30_000, r.afterMs / 2)).unref();
}
