/**
 * At most `limit` holders per key; the rest wait in arrival order (nobody overtakes the queue)
 * or are refused. In memory, so exact for this process. The one waiting line behind the keyed
 * limiter (model calls per key), the user slots (long requests per user) and the child pools
 * (build processes per API process).
 */
export type Release = () => void;

/** How a wait ends early: the caller gave up (`signal`) or waited `maxWaitMs` for nothing. */
export type WaitOptions = { signal?: AbortSignal; maxWaitMs?: number; tooLong?: () => Error };

type Waiter = { grant: () => void };

export function createSlots(limit: number) {
  const keys = new Map<string, { held: number; waiting: Waiter[] }>();

  function releaseOf(key: string): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const slot = keys.get(key)!;
      const next = slot.waiting.shift();
      // The slot passes straight to the next waiter, so nobody overtakes the queue.
      if (next) return next.grant();
      slot.held -= 1;
      if (slot.held === 0) keys.delete(key);
    };
  }

  /** A slot now, or null when `limit` are held. */
  function tryTake(key: string): Release | null {
    const slot = keys.get(key) ?? { held: 0, waiting: [] };
    if (slot.held >= limit) return null;
    slot.held += 1;
    keys.set(key, slot);
    return releaseOf(key);
  }

  /** A slot once one frees; rejects when the wait is aborted or lasts `maxWaitMs`. */
  async function take(key: string, opts: WaitOptions = {}): Promise<Release> {
    opts.signal?.throwIfAborted();
    const now = tryTake(key);
    if (now) return now;
    const slot = keys.get(key)!;
    return new Promise<Release>((resolve, reject) => {
      const leave = (error: unknown) => {
        const at = slot.waiting.indexOf(waiter);
        if (at >= 0) slot.waiting.splice(at, 1);
        settle();
        reject(error);
      };
      const onAbort = () => leave(opts.signal!.reason);
      const timer =
        opts.maxWaitMs === undefined
          ? null
          : setTimeout(
              () => leave(opts.tooLong?.() ?? new Error('no slot freed in time')),
              opts.maxWaitMs,
            );
      const settle = () => {
        if (timer) clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = { grant: () => (settle(), resolve(releaseOf(key))) };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      slot.waiting.push(waiter);
    });
  }

  return { tryTake, take };
}
