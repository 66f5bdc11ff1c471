import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database is one connection: its statements run one at a time, in the order they
 * were asked for. A burst of HTTP work (ten project creations at once, each a dozen statements)
 * then held the generation pipeline's claim of its next page behind all of them, and model
 * call slots sat idle for 100–300 ms. Here the pipeline's statements go ahead of other waiting
 * ones, but never more than MAX_AHEAD in a row while another waits: the API stays answered
 * however busy the pipeline is. On PostgreSQL (a pool of connections) there is nothing to order.
 */
type Lane = 'pipeline' | 'other';
const lanes = new AsyncLocalStorage<Lane>();

/** Runs `fn` (and everything it starts) in the generation pipeline's lane. */
export function inPipelineLane<T>(fn: () => T): T {
  return lanes.run('pipeline', fn);
}

/** Pipeline statements admitted in a row while another statement waits. */
export const MAX_AHEAD = 4;

// What takes the connection: one statement, a script, or a whole transaction. Everything else
// (listen, close, properties) passes through. Inside a transaction its own `tx` is used, which
// is the instance's, so no call waits for the gate it holds.
const GATED = new Set<PropertyKey>(['query', 'exec', 'sql', 'transaction']);

/** The same PGlite, its statements admitted one at a time by lane (see above). */
export function withLanes(pglite: PGlite, maxAhead = MAX_AHEAD): PGlite {
  const waiting: Record<Lane, Array<() => void>> = { pipeline: [], other: [] };
  let busy = false;
  let ahead = 0;

  const handOver = () => {
    const otherTurn =
      waiting.other.length > 0 && (waiting.pipeline.length === 0 || ahead >= maxAhead);
    const next = otherTurn ? waiting.other.shift() : waiting.pipeline.shift();
    ahead = otherTurn || waiting.other.length === 0 ? 0 : ahead + 1;
    if (next) next();
    else busy = false;
  };
  // PGlite answers without I/O: handed over at once, a queue of statements ran as one chain
  // of promises, and nothing else ran meanwhile (a model's answer, a timer, a new request),
  // so the pipeline could not even ask. A turn of the event loop between statements lets it.
  const release = () => {
    if (waiting.pipeline.length || waiting.other.length) setImmediate(handOver);
    else busy = false;
  };

  const admit = async <T>(run: () => Promise<T>): Promise<T> => {
    if (busy)
      await new Promise<void>((resolve) => waiting[lanes.getStore() ?? 'other'].push(resolve));
    else busy = true;
    try {
      return await run();
    } finally {
      release();
    }
  };

  const methods = new Map<PropertyKey, unknown>();
  return new Proxy(pglite, {
    get(target, key) {
      // The instance's own getters and methods read its private fields: `this` stays the instance.
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      let method = methods.get(key);
      if (!method) {
        const fn = value as (...args: unknown[]) => Promise<unknown>;
        method = GATED.has(key)
          ? (...args: unknown[]) => admit(() => fn.apply(target, args))
          : fn.bind(target);
        methods.set(key, method);
      }
      return method;
    },
  });
}
