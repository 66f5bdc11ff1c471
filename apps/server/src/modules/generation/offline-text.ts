/** Small deterministic text helpers for the offline writer. */

export function hash32(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * FNV-1a's low bits depend only on the low bits of each character, so `% n` on it alone gives
 * seeds that differ in a few letters the same choice; a final avalanche (murmur3's) spreads
 * every input bit over the result.
 */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function pick<T>(list: readonly T[], seed: string, salt: string): T {
  return list[mix32(hash32(`${seed}|${salt}`)) % list.length]!;
}

/** A stable, seed-dependent choice: pages of one site draw different items from a pool. */
export function pickN<T>(list: readonly T[], n: number, seed: string): T[] {
  return list
    .map((value, i) => ({ value, key: mix32(hash32(`${seed}#${i}`)) }))
    .sort((a, b) => a.key - b.key)
    .slice(0, n)
    .map((x) => x.value);
}

const SMALL_WORDS = new Set(['and', 'or', 'of', 'for', 'the', 'a', 'an', 'in', 'on', 'to', 'with']);

/** Capitalises lower-case words only, so "EV charger" becomes "EV Charger", not "Ev Charger". */
export function titleCase(value: string): string {
  return value
    .trim()
    .split(/\s+/)
    .map((w, i) => {
      if (i > 0 && SMALL_WORDS.has(w.toLowerCase())) return w.toLowerCase();
      return w === w.toLowerCase() ? w.charAt(0).toUpperCase() + w.slice(1) : w;
    })
    .join(' ');
}

/** "AC Repair" → "AC repair": lower-cases words for use mid-sentence but keeps acronyms. */
export function lower(value: string): string {
  return value
    .split(' ')
    .map((w) => (/^[A-Z][a-z]/.test(w) ? w.toLowerCase() : w))
    .join(' ');
}

export function listOf(values: string[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
}

export function cap(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export function sentence(value: string): string {
  const s = value.trim().replace(/\s+/g, ' ');
  const capital = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

// ---------------------------------------------------------------- reading the prompt

// Prompts are often written to a model ("Write a friendly site…"); those sentences describe
// the job, not the business, so they never appear on a page.
