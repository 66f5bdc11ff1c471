import { AppError } from './errors.ts';

/**
 * At most `limit` of one kind of long request (event streams, uploads, site downloads) open
 * per user in this process. Unlike the keyed limiter nobody waits: a request over the cap is
 * refused at once, so one account cannot tie up an API process's memory or connections.
 */
export function createUserSlots(limit: number, refusal: string) {
  const held = new Map<string, number>();
  return {
    /** A slot for the user, released by the function it returns (once; more calls do nothing). */
    take(userId: string): () => void {
      const now = held.get(userId) ?? 0;
      if (now >= limit) throw new AppError('rate_limited', refusal);
      held.set(userId, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(userId) ?? 1) - 1;
        if (left > 0) held.set(userId, left);
        else held.delete(userId);
      };
    },
  };
}

/** The caps, per user and API process. */
export const USER_CAPS = { eventStreams: 6, uploads: 2, downloads: 2 } as const;
