import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `read` until `done` holds; the error names the last value seen. The limit is a guard
 * against a hang, not a speed check.
 */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}; last: ${JSON.stringify(value).slice(0, 2000)}`,
      );
    await sleep(250);
  }
}
