import { setTimeout as nextLoop } from 'node:timers/promises';

/**
 * The model calls of one worker process: at most `total` at once, and at most `perKey` per
 * API key. The page worker holds more jobs than it has call slots (claimed, prompts built), so
 * the moment an answer frees a slot, a waiting page takes it without a trip to the database.
 *
 * Of the pages waiting, the slot goes to one whose key has room, and among those to the owner
 * with the fewest calls running (then the longest waiting): a customer who just queued one page
 * does not wait behind the pages another customer's jobs already hold here.
 */
export function createCallSlots(opts: {
  total: number;
  perKey: number;
  /**
   * Told when the slots become busy (every slot taken, or every slot of a key: the next page
   * could not start at once) and when they are idle again (nothing running or waiting).
   */
  busy?: (busy: boolean) => void;
}) {
  type Waiter = { key: string; owner: string; start: () => void };
  let running = 0;
  let busy = false;
  const byKey = new Map<string, number>();
  const byOwner = new Map<string, number>();
  const waiting: Waiter[] = [];

  const bump = (map: Map<string, number>, id: string, by: 1 | -1) => {
    const n = (map.get(id) ?? 0) + by;
    if (n > 0) map.set(id, n);
    else map.delete(id);
  };
  const hasRoom = (key: string) => running < opts.total && (byKey.get(key) ?? 0) < opts.perKey;
  const take = (key: string, owner: string) => {
    running += 1;
    bump(byKey, key, 1);
    bump(byOwner, owner, 1);
    if (!busy && (running >= opts.total || (byKey.get(key) ?? 0) >= opts.perKey)) {
      busy = true;
      opts.busy?.(true);
    }
  };
  const idle = () => {
    if (busy && running === 0 && !waiting.length) {
      busy = false;
      opts.busy?.(false);
    }
  };

  /** Starts the waiting page that gets the freed slot; answers whether there was one. */
  function next(): boolean {
    let best = -1;
    for (let i = 0; i < waiting.length; i++) {
      const w = waiting[i]!;
      if (!hasRoom(w.key)) continue;
      if (best < 0 || (byOwner.get(w.owner) ?? 0) < (byOwner.get(waiting[best]!.owner) ?? 0))
        best = i;
    }
    if (best < 0) return false;
    const [w] = waiting.splice(best, 1);
    take(w!.key, w!.owner);
    w!.start();
    return true;
  }

  return {
    /** Runs `task` in a slot of `key`, waiting for one; a stop (`signal`) ends the wait. */
    async run<T>(
      slot: { key: string; owner: string; signal?: AbortSignal },
      task: () => Promise<T>,
    ): Promise<T> {
      const { key, owner, signal } = slot;
      signal?.throwIfAborted();
      if (hasRoom(key)) take(key, owner);
      else
        await new Promise<void>((resolve, reject) => {
          const w: Waiter = {
            key,
            owner,
            start: () => {
              signal?.removeEventListener('abort', abort);
              resolve();
            },
          };
          const abort = () => {
            waiting.splice(waiting.indexOf(w), 1);
            idle();
            reject(signal!.reason as Error);
          };
          signal?.addEventListener('abort', abort, { once: true });
          waiting.push(w);
        });
      try {
        return await task();
      } finally {
        running -= 1;
        bump(byKey, key, -1);
        bump(byOwner, owner, -1);
        // The page taking the slot sends its call in this loop's check phase; what this caller
        // does next (writing its page: on PGlite, statements run on this thread) waits a loop.
        if (next()) await nextLoop(0);
        else idle();
      }
    },
  };
}
export type CallSlots = ReturnType<typeof createCallSlots>;
