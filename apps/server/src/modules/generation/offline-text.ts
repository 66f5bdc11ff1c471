/** Small deterministic text helpers for the offline writer. */

import { fnv1a32 as hash32, mix32 } from '../../lib/hash.ts';

export { hash32, mix32 };

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
