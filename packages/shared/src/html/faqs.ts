import { HIDDEN_RAW, unescapeHtml } from './entities.ts';
import { scanMarkup } from './markup-scan.ts';

/** One question of a page's FAQs and its answer, as a reader sees them. */
export type Faq = { question: string; answer: string };

// Block boundaries become spaces so "<p>One</p><p>Two</p>" reads "One Two", not "OneTwo".
const BLOCK = new Set(
  'p br div li ul ol h1 h2 h3 h4 h5 h6 dd dt dl blockquote table tr td th'.split(' '),
);

/** What a reader sees of raw text pieces: entities decoded, spaces collapsed. */
function visibleText(pieces: string[]): string {
  // Linear: one literal each, case-insensitive; \s+ runs never overlap.
  const raw = pieces.join('').replace(/&nbsp;/gi, ' ');
  return unescapeHtml(raw).replace(/\s+/g, ' ').trim();
}

type Container = { tag: string; depth: number; faqs: Faq[] };
type Item = { question: string[]; answer: string[]; inSummary: boolean; summaries: number };

/**
 * The FAQs a page visibly shows, read back from the markup the site's renderContent writes for them: an
 * element of class "faq" holding <details><summary>question</summary>answer</details> items.
 * FAQPage data must agree with the visible page, and a user's edit may drop or reword the
 * questions, so the structured data follows the HTML rather than the model's stored answer.
 * One pass of the shared tokenizer, so a megabyte of hostile markup costs milliseconds.
 */
export function faqsInHtml(html: string): Faq[] {
  if (!html.includes('faq')) return [];
  const faqs: Faq[] = [];
  let container: Container | null = null;
  let item: Item | null = null;
  let hidden: string | null = null;
  const addText = (text: string) => {
    if (!item || hidden) return;
    (item.inSummary ? item.question : item.answer).push(text);
  };
  scanMarkup(html, {
    text(start, end) {
      addText(html.slice(start, end));
    },
    openTag({ name, attrs, selfClosing }) {
      if (!container) {
        const classes = (attrs.get('class') ?? '').split(/\s+/);
        if (!selfClosing && classes.includes('faq')) container = { tag: name, depth: 0, faqs: [] };
        return;
      }
      if (name === container.tag && !selfClosing) container.depth += 1;
      if (HIDDEN_RAW.has(name) && !selfClosing) hidden = name;
      else if (name === 'details')
        item ??= { question: [], answer: [], inSummary: false, summaries: 0 };
      // Only an item's first summary is its question; a later one is part of the answer.
      else if (name === 'summary' && item && item.summaries++ === 0) item.inSummary = true;
      else if (BLOCK.has(name)) addText(' ');
    },
    closeTag(name) {
      if (!container) return;
      if (name === hidden) hidden = null;
      else if (name === 'summary' && item?.inSummary) item.inSummary = false;
      else if (name === 'details' && item) {
        const question = visibleText(item.question);
        const answer = visibleText(item.answer);
        if (question && answer) container.faqs.push({ question, answer });
        item = null;
      } else if (BLOCK.has(name)) addText(' ');
      if (name === container.tag && container.depth-- === 0) {
        // FAQs count only once their container is closed, as a visitor's browser shows them.
        faqs.push(...container.faqs);
        container = null;
        item = null;
      }
    },
  });
  return faqs;
}
