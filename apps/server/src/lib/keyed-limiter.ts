/**
 * At most `limit` tasks at once per key; the rest wait in arrival order. In memory, so it is
 * exact for this process; the job queue's group limit bounds the whole fleet.
 */
export function createKeyedLimiter(limit: number) {
  const slots = new Map<string, { running: number; waiting: Array<() => void> }>();

  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let slot = slots.get(key);
    if (!slot) {
      slot = { running: 0, waiting: [] };
      slots.set(key, slot);
    }
    const s = slot;
    if (s.running >= limit) await new Promise<void>((resolve) => s.waiting.push(resolve));
    else s.running += 1;
    try {
      return await task();
    } finally {
      const next = s.waiting.shift();
      // The slot passes straight to the next waiter, so nobody overtakes the queue.
      if (next) next();
      else {
        s.running -= 1;
        if (s.running === 0) slots.delete(key);
      }
    }
  };
}
