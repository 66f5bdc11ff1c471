import { trimToWords } from '../site/meta.ts';
import type { TSection } from './content.ts';
import { tradeFor, type OfflineItem } from './offline-catalogue.ts';
import { lower, sentence, titleCase } from './offline-text.ts';

/**
 * What both offline writers read from the owner's brief, and how they fit their text to the
 * content schema: one place, so site pages and city pages keep to the same rules.
 */

/** A line telling a model what to do, not a statement about the business. */
export const INSTRUCTION =
  /^(please\s+)?(write|create|make|generate|build|use|include|add|mention|focus|emphasi[sz]e|highlight|keep|avoid|don'?t|do not|target|optimi[sz]e|ensure|be sure|list|describe)\b/i;
/** Talk about the page or its writing rather than the business. */
export const META_TALK =
  /\b(website|web site|landing page|this page|the page|seo|keywords?|tone|copy)\b/i;
export const BULLET = /^\s*[-*•–]\s+/;
// "Services: a, b and c" anywhere in a line; with nothing after the colon it heads a list.
export const SERVICES = /\b(?:our\s+)?services(?:\s+(?:include|offered|we offer))?\s*:\s*(.*)$/i;

/** The brief's prose (bullets and service lists left out), cut into sentences. */
export function sentencesOf(prompt: string, splitter: RegExp = /(?<=[.!?])\s+/): string[] {
  const prose = prompt
    .split('\n')
    .filter((line) => !BULLET.test(line))
    .map((line) => line.replace(SERVICES, ''))
    .join(' ');
  return prose
    .split(splitter)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The prompt's own statements about the business, in order, fit to stand in a paragraph. */
export function factsFrom(prompt: string): string[] {
  return sentencesOf(prompt)
    .filter((s) => s.length >= 20 && s.length <= 400 && !s.endsWith('?'))
    .filter((s) => !INSTRUCTION.test(s) && !META_TALK.test(s))
    .map(sentence)
    .slice(0, 6);
}

/** The trade noun for sentences ("plumbing", "HVAC") and for headings ("Plumbing"). */
export function tradeWords(serviceType: string): { t: string; T: string } {
  const trade = tradeFor(serviceType);
  if (trade) return { t: trade.noun, T: titleCase(trade.noun) };
  const base = serviceType.replace(/\b(services?|company|contractors?|business)\b/gi, ' ');
  const T = titleCase(base.replace(/\s+/g, ' ').trim() || 'Home Services');
  return { t: lower(T), T };
}

// Long business names can push a template past the schema's bounds; trimming on a word keeps
// the page valid instead of failing it. Names ending in a full stop ("Plumbing Co.") would
// leave ".." at the end of a sentence.
export const fit = (value: string, max: number) =>
  trimToWords(value.replace(/([^.])\.\.(?!\.)/g, '$1.'), max);

function fitItem(i: OfflineItem): OfflineItem {
  return { title: fit(i.title, 120), description: fit(i.description, 1200) };
}

export function fitSection(s: TSection): TSection {
  const heading = fit(s.heading, 160);
  switch (s.type) {
    case 'text':
      return { ...s, heading, paragraphs: s.paragraphs.slice(0, 8).map((p) => fit(p, 2500)) };
    case 'services':
      return {
        ...s,
        heading,
        intro: s.intro && fit(s.intro, 1500),
        items: s.items.slice(0, 12).map(fitItem),
      };
    case 'benefits':
      return { ...s, heading, items: s.items.slice(0, 10).map(fitItem) };
    case 'process':
      return { ...s, heading, steps: s.steps.slice(0, 10).map(fitItem) };
    case 'faq': {
      const items = s.items
        .slice(0, 12)
        .map((f) => ({ question: fit(f.question, 300), answer: fit(f.answer, 2000) }));
      return { ...s, heading, items };
    }
    case 'cta':
      return { ...s, heading, text: fit(s.text, 800), buttonLabel: fit(s.buttonLabel, 60) };
  }
}
