import { randomBytes } from 'node:crypto';

/** The protocol's limit of URLs in one request. */
export const INDEXNOW_BATCH = 10_000;

/** A new site key: 32 hex characters (the protocol takes 8–128 of a-z, A-Z, 0-9 and '-'). */
export const newIndexNowKey = () => randomBytes(16).toString('hex');

/** Where the key file is: the protocol's default place, /{key}.txt at the site's root. */
export const keyFileOf = (key: string) => `/${key}.txt`;

export function batchesOf<T>(items: readonly T[], size = INDEXNOW_BATCH): T[][] {
  const batches: T[][] = [];
  for (let at = 0; at < items.length; at += size) batches.push(items.slice(at, at + size));
  return batches;
}

/** How a submission ended: every batch taken, or the first one that was not, and why. */
export type IndexNowOutcome =
  | { kind: 'accepted'; pending: boolean }
  | { kind: 'refused'; status: number }
  | { kind: 'timeout' }
  | { kind: 'unreachable' };

export type IndexNowSubmission = {
  /** URLs the endpoint took before the outcome. */
  sent: number;
  outcome: IndexNowOutcome;
};

/**
 * Tells an IndexNow endpoint (`POST {endpoint}/indexnow`) the URLs of one host, at most 10,000
 * a request. Stops at the first request not taken: the same endpoint refuses the next batch
 * for the same reason (key, rate), and a deploy must not wait out one timeout per batch.
 * 200 is taken; 202 is taken with the key's check still pending.
 */
export async function submitIndexNow(opts: {
  endpoint: string;
  host: string;
  key: string;
  urls: readonly string[];
  timeoutMs: number;
}): Promise<IndexNowSubmission> {
  const url = `${opts.endpoint.replace(/\/+$/, '')}/indexnow`;
  const keyLocation = `https://${opts.host}${keyFileOf(opts.key)}`;
  let sent = 0;
  let pending = false;
  for (const urlList of batchesOf(opts.urls)) {
    let status: number;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ host: opts.host, key: opts.key, keyLocation, urlList }),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      status = res.status;
      // The answer's body says nothing the status does not; drop it so the socket is freed.
      await res.body?.cancel();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return { sent, outcome: timedOut ? { kind: 'timeout' } : { kind: 'unreachable' } };
    }
    if (status !== 200 && status !== 202) return { sent, outcome: { kind: 'refused', status } };
    sent += urlList.length;
    pending ||= status === 202;
  }
  return { sent, outcome: { kind: 'accepted', pending } };
}
