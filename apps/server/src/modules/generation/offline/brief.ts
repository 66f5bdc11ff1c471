/**
 * What the offline writers read from the owner's brief (the project's prompt, a page's prompt
 * or an upload's instructions): one place, so site pages and city pages keep to the same rules.
 */

import { lower, sentence } from './text.ts';

// Prompts are often written to a model ("Write a friendly site…"); those sentences describe
// the job, not the business, so they never appear on a page.

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

// An upload's instructions are read as factsFrom reads them; besides, "mention/highlight X"
// names a topic the owner wants on the page, so X is kept as a topic.
/** A requested topic about the page itself ("include the ZIP codes"), not about the business. */
const PAGE_TALK =
  /\b(pages?|sections?|paragraphs?|headings?|headlines?|titles?|meta|cta|call to action|words?|faqs?|links?|images?|photos?|emojis?|bullets?|zips?|zip codes?|postcodes?|city names?|county|counties|nearby|phone number|contact (details|info)|address(es)?|maps?|schema)\b/i;
const TOPIC =
  /^(?:please\s+)?(?:be sure to\s+|make sure to\s+|always\s+)?(?:mention|highlight|emphasi[sz]e|stress|include|focus on|feature|promote)\s+(?:that\s+)?(.+)$/i;
// Each leading \s+ below starts only where a run of spaces starts: from every space of a long
// run it would rescan the rest of the run (quadratic on a 20,000-character prompt).
const SCOPE =
  /(?<!\s)\s+(?:on|in|across|throughout|for|to)\s+(?:every|each|all(?:\s+the)?|the|our|these|my)\s+(?:city\s+|location\s+|local\s+|landing\s+)?(?:pages?|copy|content|site|website|text)\b.*$/i;

/**
 * What the owner asks every page to mention: "Mention 24/7 emergency service on every page"
 * → statements ("that we are family owned" → "We are family owned.") or topics
 * ("24/7 emergency service").
 */
export function asksFrom(prompt: string): { facts: string[]; topics: string[] } {
  const facts: string[] = [];
  const topics: string[] = [];
  for (const s of sentencesOf(prompt, /(?<=[.!?])\s+|(?<!\s)\s*;\s*/)) {
    const m = TOPIC.exec(s.replace(/(?<![.!])[.!]+$/, ''));
    if (!m) continue;
    const what = m[1]!.replace(SCOPE, '').trim();
    if (what.length < 3 || what.length > 160) continue;
    if (META_TALK.test(what) || PAGE_TALK.test(what)) continue;
    if (/^(we|our|us)\b/i.test(what)) facts.push(sentence(what));
    else topics.push(what.charAt(0).toLowerCase() === what.charAt(0) ? what : lower(what));
  }
  return { facts: facts.slice(0, 3), topics: topics.slice(0, 3) };
}
