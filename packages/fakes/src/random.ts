/**
 * Seeded randomness for the fuzz tests and the fakes' fault injection: a run is the same every
 * time, and a failing case can be rebuilt from its seed.
 */
export type Rng = {
  /** [0, 1) */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [lo, hi]. */
  between(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  bytes(n: number): Buffer;
};

/** mulberry32: small, fast and good enough to pick offsets and bytes. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    between: (lo, hi) => lo + int(hi - lo + 1),
    pick: (items) => items[int(items.length)]!,
    chance: (p) => next() < p,
    bytes: (n) => Buffer.from(Array.from({ length: n }, () => int(256))),
  };
}
