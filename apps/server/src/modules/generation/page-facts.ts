import type { TCityFact } from '@cityforge/shared';
import {
  factTokens,
  occurrences,
  quotesOf,
  unstatedFacts,
  visibleText,
} from '../locations/index.ts';
import type { TPageContent, TSection } from '../pages/index.ts';

/**
 * A written page held to its place's facts: the quotations it may show are the customer's own
 * (a model's invented testimonial is dropped, a given one it left out is added word for word
 * with its attribution), and the facts it does not state are named for the repair round.
 */

type Quote = { quote: string; by?: string };
type QuotesSection = Extract<TSection, { type: 'quotes' }>;

/** Sections a page may have (ZPageContent). */
const SECTIONS_MAX = 10;

/** The given quote an answer's quotation reproduces, if any (its words, maybe with more). */
function givenOf(item: Quote, given: ReturnType<typeof quotesOf>) {
  const words = factTokens(item.quote);
  return given.find((g) => occurrences(words, factTokens(g.text)).length > 0);
}

/**
 * The page's quotations kept to the place's quotes: a quotation the facts do not give is
 * dropped (on any page), each given quote is shown once with the sheet's attribution, and those
 * the answer left out are added in a section of their own before its questions.
 */
export function withGivenQuotes(
  content: TPageContent,
  facts: readonly TCityFact[],
  place: string,
): TPageContent {
  const given = quotesOf(facts);
  const shown = new Set<(typeof given)[number]>();
  const sections: TSection[] = [];
  for (const section of content.sections) {
    if (section.type !== 'quotes') {
      sections.push(section);
      continue;
    }
    const items: Quote[] = [];
    for (const item of section.items) {
      const match = givenOf(item, given);
      if (!match || shown.has(match)) continue;
      shown.add(match);
      items.push(match.by ? { quote: match.text, by: match.by } : { quote: match.text });
    }
    if (items.length) sections.push({ ...section, items });
  }
  const missing = given.filter((g) => !shown.has(g));
  if (missing.length && sections.length < SECTIONS_MAX) {
    const added: QuotesSection = {
      type: 'quotes',
      heading: `What ${place} Customers Say`,
      items: missing.map((g) => (g.by ? { quote: g.text, by: g.by } : { quote: g.text })),
    };
    const faq = sections.findIndex((s) => s.type === 'faq' || s.type === 'cta');
    sections.splice(faq < 0 ? sections.length : faq, 0, added);
  }
  return { ...content, sections };
}

/** The facts of the place a page's visible text leaves out. */
export function unstatedOn(content: TPageContent, facts: readonly TCityFact[]): TCityFact[] {
  return facts.length ? unstatedFacts(visibleText(content).split('\n'), facts) : [];
}

/** What the repair round tells the model about the facts its page left out. */
export function unstatedProblem(unstated: readonly TCityFact[]): string {
  const listed = unstated.map((f) => `"${f.name}" (${f.value.replace(/\s+/g, ' ').trim()})`);
  return (
    `the page leaves out these facts the business gave about the place: ${listed.join('; ')}. ` +
    'State each one in the text, its value exactly as given, and change nothing else.'
  );
}
