import { AppError } from './errors.ts';
import { createSlots, type Release } from './slots.ts';

/**
 * At most `limit` of one kind of long request (event streams, uploads, site downloads) open
 * per user in this process. Unlike the keyed limiter nobody waits: a request over the cap is
 * refused at once, so one account cannot tie up an API process's memory or connections.
 */
export function createUserSlots(limit: number, refusal: string) {
  const slots = createSlots(limit);
  return {
    /** A slot for the user, released by the function it returns (once; more calls do nothing). */
    take(userId: string): Release {
      const release = slots.tryTake(userId);
      if (!release) throw new AppError('rate_limited', refusal);
      return release;
    },
  };
}

/** The caps, per user and API process. */
export const USER_CAPS = { eventStreams: 6, uploads: 2, downloads: 2 } as const;
