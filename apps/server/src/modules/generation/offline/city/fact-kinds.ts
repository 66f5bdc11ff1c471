/**
 * How the offline writer reads one of a place's facts to put it in a sentence: what kind of
 * value it is (a count, a price, a year, a name, yes or no, a phrase, a passage of prose) and
 * its name as it reads mid-sentence. Any header a customer writes must read naturally, so the
 * name is cleaned of sheet habits ("jobs_completed", "JOBS COMPLETED:", "Our crew lead") and
 * the value is kept as given, at most a trailing full stop dropped where a sentence goes on.
 */

import type { TCityFact } from '@cityforge/shared';
import { yesNoOf } from '../../../locations/index.ts';
import { lower } from '../text.ts';

export type FactKind =
  'yes' | 'no' | 'count' | 'number' | 'price' | 'year' | 'name' | 'short' | 'long';

export type PlaceFact = {
  kind: FactKind;
  /** The name as it reads mid-sentence: "jobs completed", "HVAC units serviced". */
  label: string;
  /** The name is a question ("Do you pull permits?"): it is asked, then answered. */
  question: string | null;
  /** The value as it goes in a sentence. */
  value: string;
};

const COUNT = /^\d{1,3}(,\d{3})+\+?$|^\d+\+?$/;
const YEAR = /^(1[89]|20)\d\d$/;
const CURRENCY = /[$€£]|\b(usd|dollars?)\b/i;
const PRICE_NAME = /\b(price|prices|cost|costs|fee|fees|rate|rates|charge|quote from)\b/i;
// A capitalised word, or a small word inside a name ("City of Kyle", "Maria de la Cruz").
const NAME_WORD = /^(\p{Lu}[\p{L}'’.-]*|of|de|la|del|van|von|and|&)$/u;
/** Past this many words, or with a sentence inside, a value is prose. */
const SHORT_WORDS = 14;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

function kindOf(value: string, name: string): FactKind {
  const yesNo = yesNoOf(value);
  if (yesNo) return yesNo;
  const n = words(value);
  if (YEAR.test(value)) return 'year';
  if (COUNT.test(value)) return 'count';
  if (/\d/.test(value) && n.length <= 6 && (CURRENCY.test(value) || PRICE_NAME.test(name)))
    return 'price';
  if (/^[\d.,%/+-]/.test(value) && n.length <= 4) return 'number';
  if (n.length > SHORT_WORDS || /[.!?]\s+\S/.test(value)) return 'long';
  const first = n[0] ?? '';
  if (n.length <= 5 && /^\p{Lu}/u.test(first) && n.every((w) => NAME_WORD.test(w)) && n.length > 1)
    return 'name';
  return 'short';
}

/** "jobs_completed" → "jobs completed", "JOBS COMPLETED:" → "jobs completed", "Our crew lead" → "crew lead". */
export function factLabel(name: string): string {
  const spaced = name
    .replace(/[_]+/g, ' ')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s:;,.\-–—]+$/, '')
    .replace(/^(our|your|the)\s+/i, '');
  const letters = spaced.replace(/[^\p{L}]/gu, '');
  // A header in capitals reads as shouting mid-sentence; an acronym alone ("HVAC") stays.
  if (letters.length > 4 && letters === letters.toUpperCase() && /\s/.test(spaced))
    return spaced.toLowerCase();
  return lower(spaced);
}

/** A phrase in sentence case ("Tile roof repair") reads in lower case mid-sentence. */
function midSentence(value: string): string {
  const [word = '', second] = words(value);
  const first = word.replace(/[,;:]$/, '');
  const sentenceCase =
    /^\p{Lu}\p{Ll}+$/u.test(first) && (second === undefined || /^\p{Ll}/u.test(second));
  return sentenceCase ? value.charAt(0).toLowerCase() + value.slice(1) : value;
}

export function placeFact(fact: TCityFact): PlaceFact {
  const raw = fact.value.replace(/\s+/g, ' ').trim();
  const name = fact.name.replace(/\s+/g, ' ').trim();
  const kind = kindOf(raw, name);
  const question = name.endsWith('?') ? name : null;
  // A long value stands as its own sentences; a short one goes on mid-sentence.
  const trimmed = kind === 'long' ? raw : raw.replace(/[.!]+$/, '');
  return {
    kind,
    label: factLabel(name),
    question,
    value: kind === 'short' ? midSentence(trimmed) : trimmed,
  };
}
