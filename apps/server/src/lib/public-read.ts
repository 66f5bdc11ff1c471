import type { IncomingHttpHeaders } from 'node:http';
import { fetchPublic, NotPublicError } from './public-fetch.ts';

/**
 * A read of an address someone else named that failed, in a sentence for whoever named it.
 * `transient`: the host failed us (not reached, too slow, an error status a later try may
 * cure), so a later read may work; otherwise the address or what it answered will not do.
 */
export class ReadFailed extends Error {
  readonly transient: boolean;
  constructor(message: string, transient: boolean) {
    super(message);
    this.name = new.target.name;
    this.transient = transient;
  }
}

/** Why a read of an address someone else named failed; the caller words it for its reader. */
export type ReadFailure =
  /** Refused before any byte was sent: the address, or a hop of its redirects, is not public. */
  | { kind: 'not-public'; reason: string }
  /** The host failed us: not reached, too slow, or its answer broke off. A later try may do. */
  | { kind: 'unreachable'; timedOut: boolean }
  /** An error status; `transient` when a later try may do (5xx, 429). */
  | { kind: 'status'; status: number; transient: boolean }
  /** Its headers say it is not what the caller reads (`accepts`). */
  | { kind: 'unwanted' }
  /** Larger than the caller takes, as declared or as counted. */
  | { kind: 'too-large' };

export type PublicReadOptions = {
  trustedHosts: readonly string[];
  /** The whole read, body included, within this long. */
  timeoutMs: number;
  maxBytes: number;
  /** Whether the answer's headers are what the caller reads; all are when not given. */
  accepts?: (headers: IncomingHttpHeaders) => boolean;
};

/**
 * Reads an address someone else named (a provider's answer, a customer's sheet) through the
 * public-address guard: public on every hop unless its host is trusted, within a deadline, and
 * counted as it arrives, so a missing or false Content-Length cannot make us hold more. Each
 * way it fails is turned into the caller's own error by `failed`.
 */
export async function readPublic(
  url: string,
  opts: PublicReadOptions,
  failed: (failure: ReadFailure) => Error,
): Promise<{ body: Buffer; headers: IncomingHttpHeaders }> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const unreachable = () => failed({ kind: 'unreachable', timedOut: signal.aborted });
  const res = await fetchPublic(url, { signal, trustedHosts: opts.trustedHosts }).catch(
    (error: unknown) => {
      if (error instanceof NotPublicError)
        throw failed({ kind: 'not-public', reason: error.message });
      throw unreachable();
    },
  );
  const refuse = (failure: ReadFailure) => {
    res.destroy();
    return failed(failure);
  };
  const status = res.statusCode ?? 0;
  if (status < 200 || status >= 300)
    throw refuse({ kind: 'status', status, transient: status >= 500 || status === 429 });
  if (opts.accepts && !opts.accepts(res.headers)) throw refuse({ kind: 'unwanted' });
  if (Number(res.headers['content-length'] ?? 0) > opts.maxBytes)
    throw refuse({ kind: 'too-large' });
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      received += chunk.byteLength;
      if (received > opts.maxBytes) break;
      chunks.push(chunk);
    }
  } catch {
    throw unreachable();
  }
  if (received > opts.maxBytes) throw refuse({ kind: 'too-large' });
  return { body: Buffer.concat(chunks), headers: res.headers };
}
