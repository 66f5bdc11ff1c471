import type { DbHandle } from '../../db/client.ts';

/**
 * Cap checks of one owner's pages, one at a time: two pages checked at once would each leave
 * the other out of the spend, and both pass a cap only one of them fits under.
 *
 * In this process they queue behind each other (all owners: a check is a few statements, and
 * a process so never holds more than one pool client waiting on a lock). With PostgreSQL, other
 * worker processes are kept out by a session advisory lock on the owner, held on a client of
 * its own so the check's statements run as usual. The embedded database has one process.
 */
export function createCapLock(handle: DbHandle) {
  let tail: Promise<unknown> = Promise.resolve();

  async function acrossProcesses<T>(ownerId: string, task: () => Promise<T>): Promise<T> {
    if (handle.kind === 'pglite') return task();
    const client = await handle.pool.connect();
    const key = ['spending-cap:', ownerId];
    // A client whose unlock failed may still hold the lock: it is closed, not pooled again
    // (closing its session releases the lock).
    let broken: Error | undefined;
    try {
      await client.query('select pg_advisory_lock(hashtextextended($1::text || $2::text, 0))', key);
      try {
        return await task();
      } finally {
        await client
          .query('select pg_advisory_unlock(hashtextextended($1::text || $2::text, 0))', key)
          .catch((error: unknown) => {
            broken = error instanceof Error ? error : new Error(String(error));
          });
      }
    } finally {
      client.release(broken);
    }
  }

  return function withCapLock<T>(ownerId: string, task: () => Promise<T>): Promise<T> {
    const run = tail.then(() => acrossProcesses(ownerId, task));
    tail = run.catch(() => undefined);
    return run;
  };
}
export type CapLock = ReturnType<typeof createCapLock>;
