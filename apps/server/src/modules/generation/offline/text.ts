/** Small deterministic text helpers for the offline writers, and their one way of choosing. */

import { fnv1a32, mix32 } from '../../../lib/hash.ts';

// FNV-1a's low bits depend on the low bits of each character alone, so `% n` of it would
// tie every choice of a page to a 2-3 bit state; mixed, each salt is an independent choice.
const mixed = (value: string): number => mix32(fnv1a32(value));

/** One of the options, by a seed and a salt naming the slot. */
export function pick<T>(list: readonly T[], seed: string, salt: string): T {
  return list[mixed(`${seed}|${salt}`) % list.length]!;
}

/** A stable, seed-dependent choice: pages of one site draw different items from a pool. */
export function pickN<T>(list: readonly T[], n: number, seed: string): T[] {
  return list
    .map((value, i) => ({ value, key: mixed(`${seed}#${i}`) }))
    .sort((a, b) => a.key - b.key)
    .slice(0, n)
    .map((x) => x.value);
}

/** pick and pickN bound to one page's seed, each slot named by its salt. */
export type Chooser = {
  /** One of the options. */
  one<T>(salt: string, options: readonly T[]): T;
  /** n of the options in a seed-dependent order. */
  some<T>(salt: string, options: readonly T[], n: number): T[];
};

export function chooser(seed: string): Chooser {
  return {
    one: (salt, options) => pick(options, seed, salt),
    some: (salt, options, n) => pickN(options, n, `${seed}|${salt}`),
  };
}

/** Drops the empty strings of optional phrasings, so a list holds only usable ones. */
export const usable = (options: ReadonlyArray<string | false | null | undefined>): string[] =>
  options.filter((o): o is string => typeof o === 'string' && o.length > 0);

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

export type OfflineItem = { title: string; description: string };
export type OfflineFaq = { question: string; answer: string };

// Copy is written as "Title: description" and "Question? Answer" lines: one line per entry
// keeps the tables readable and reviewable as prose.
export function item(line: string): OfflineItem {
  const at = line.indexOf(': ');
  return { title: line.slice(0, at), description: line.slice(at + 2) };
}

export function faq(line: string): OfflineFaq {
  const at = line.indexOf('? ');
  return { question: line.slice(0, at + 1), answer: line.slice(at + 2) };
}
