/**
 * FNV-1a, 32-bit: fast, stable across runs and machines, and good enough to seed choices and
 * shingles. Callers that take `% n` of it remix it first (its low bits follow the input's).
 */
export function fnv1a32(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * MurmurHash3's finaliser: a bijection on 32 bits that spreads every input bit over the
 * result, so `% n` of it depends on the whole input, not on its last characters.
 */
export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
