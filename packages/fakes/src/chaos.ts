import type { ServerResponse } from 'node:http';
import { rng } from './random.ts';

/**
 * Fault injection shared by the fake providers: with `rate` 0.3, about 30% of eligible requests
 * get an error status (429 with Retry-After, 500, 502, 503), a connection reset, or a stall.
 *
 * Decisions are a seeded hash of (seed, request key, how many times that key was seen), not a
 * draw from one running sequence: concurrent requests arrive in a different order on every run,
 * but "the 2nd call for the About page" gets the same fault each time, so a seed replays.
 */

export type ChaosFault =
  | { kind: 'status'; status: number; retryAfterSeconds: number | null }
  /** The socket is destroyed without an answer: the client sees ECONNRESET / socket hang up. */
  | { kind: 'reset' }
  /**
   * The request is held for `ms`, then answered normally if the client is still waiting.
   * `midBody`: a fake that streams may send the head and the first bytes before holding.
   */
  | { kind: 'stall'; ms: number; midBody: boolean };

export type ChaosRequest = { method: string; path: string };

export type ChaosOptions = {
  /** Share of eligible requests that get a fault, 0..1. */
  rate: number;
  seed: number;
  /** How long a stall holds the request. */
  stallMs: number;
  /** Of the faults, the share that are stalls; default 1/3. */
  stallShare?: number;
  /** Of the faults, the share that are connection resets; default 1/6. The rest are statuses. */
  resetShare?: number;
  /** Statuses to pick from; default 429, 500, 502, 503. */
  statuses?: number[];
  /** Sent with 429s; default 1. */
  retryAfterSeconds?: number;
  /** Which requests may get a fault; default all that reach the fake's API. */
  eligible?: (req: ChaosRequest) => boolean;
};

/** One injected fault; `clientLeft` is set for stalls the client gave up on (timeouts). */
export type ChaosRecord = ChaosRequest & {
  key: string;
  nth: number;
  fault: ChaosFault;
  clientLeft: boolean;
  at: number;
};

export type Chaos = {
  readonly active: boolean;
  /** Starts injecting faults (again); counters restart so a seed replays from the beginning. */
  start(options: ChaosOptions): void;
  /** Stops injecting; the log is kept until the next start or reset. */
  stop(): void;
  /** Every fault injected since the last start. */
  readonly injected: ChaosRecord[];
  /** How many of each kind since the last start. */
  counts(): { status: number; reset: number; stall: number; abandoned: number };
  /**
   * For the fake's handler: the fault for this request, or null (also when chaos is off). `key`
   * names what the request is about, stable across runs; default: method and normalized path.
   */
  decide(req: ChaosRequest, key?: string): ChaosRecord | null;
  reset(): void;
};

const DEFAULT_STATUSES = [429, 500, 502, 503];

/** Stripe's `sub_…`, hex and UUID ids, or anything long with a digit in it. */
const ID_SEGMENT = /^(?:[a-z]+_[A-Za-z0-9]{8,}|[0-9a-f-]{16,}|(?=.*\d).{12,})$/i;

/** Ids differ on every run; a key that keeps them could not replay. */
export function stableKey(req: ChaosRequest): string {
  const path = req.path
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
  return `${req.method} ${path}`;
}

/** FNV-1a, 32 bits: a seed for the generator from any string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createChaos(): Chaos {
  let options: ChaosOptions | null = null;
  const seen = new Map<string, number>();
  const injected: ChaosRecord[] = [];

  return {
    get active() {
      return options !== null;
    },
    start(next) {
      if (!(next.rate >= 0 && next.rate <= 1))
        throw new Error(`chaos rate ${next.rate} not in 0..1`);
      options = next;
      seen.clear();
      injected.length = 0;
    },
    stop() {
      options = null;
    },
    injected,
    counts() {
      const of = (kind: ChaosFault['kind']) => injected.filter((r) => r.fault.kind === kind).length;
      return {
        status: of('status'),
        reset: of('reset'),
        stall: of('stall'),
        abandoned: injected.filter((r) => r.clientLeft).length,
      };
    },
    decide(req, key = stableKey(req)) {
      const opts = options;
      if (!opts || (opts.eligible && !opts.eligible(req))) return null;
      const nth = seen.get(key) ?? 0;
      seen.set(key, nth + 1);
      const random = rng(hash(`${opts.seed}\u0000${key}\u0000${nth}`)).next;
      if (random() >= opts.rate) return null;
      const pick = random();
      const stallShare = opts.stallShare ?? 1 / 3;
      const resetShare = opts.resetShare ?? 1 / 6;
      let fault: ChaosFault;
      if (pick < stallShare) fault = { kind: 'stall', ms: opts.stallMs, midBody: random() < 0.5 };
      else if (pick < stallShare + resetShare) fault = { kind: 'reset' };
      else {
        const statuses = opts.statuses ?? DEFAULT_STATUSES;
        const status = statuses[Math.floor(random() * statuses.length)]!;
        fault = {
          kind: 'status',
          status,
          retryAfterSeconds: status === 429 ? (opts.retryAfterSeconds ?? 1) : null,
        };
      }
      const record: ChaosRecord = { ...req, key, nth, fault, clientLeft: false, at: Date.now() };
      injected.push(record);
      return record;
    },
    reset() {
      options = null;
      seen.clear();
      injected.length = 0;
    },
  };
}

/** A reset as the client sees it: the connection drops with no answer at all. */
export function dropConnection(res: ServerResponse): void {
  res.socket?.destroy();
  res.destroy();
}

/**
 * Holds a request for `ms`. Resolves true when the client is still waiting (the fake then
 * answers late), false as soon as it hung up, which also marks the record: a timeout worked.
 */
export function hold(res: ServerResponse, ms: number, record: ChaosRecord): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout;
    const onClose = () => {
      clearTimeout(timer);
      record.clientLeft = true;
      resolve(false);
    };
    // The client's own timeout, 1 s shorter, can come due in the same turn of a busy event
    // loop as this one; it has hung up, but its close is only seen a turn of I/O later. Give
    // it that turn (20 ms) before answering late: else the answer counts as given, and nobody
    // read it.
    timer = setTimeout(() => {
      timer = setTimeout(() => {
        res.off('close', onClose);
        resolve(!res.destroyed);
      }, 20);
    }, ms);
    res.once('close', onClose);
  });
}
