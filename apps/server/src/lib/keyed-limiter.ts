import { createSlots } from './slots.ts';

/**
 * At most `limit` tasks at once per key; the rest wait in arrival order. In memory, so it is
 * exact for this process; the job queue's group limit bounds the whole fleet.
 */
export function createKeyedLimiter(limit: number) {
  const slots = createSlots(limit);
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const release = await slots.take(key);
    try {
      return await task();
    } finally {
      release();
    }
  };
}
