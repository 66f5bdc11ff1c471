import { unescapeHtml } from './html.ts';
import type { Faq } from './render-content.ts';

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const CLASS_ATTR = /(?:^|\s)class\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const DETAILS = /<details\b[^>]*>([\s\S]*?)<\/details\s*>/gi;
const SUMMARY = /<summary\b[^>]*>([\s\S]*?)<\/summary\s*>/i;
// Block boundaries become spaces so "<p>One</p><p>Two</p>" reads "One Two", not "OneTwo".
const BLOCK_TAG = /<\/?(?:p|br|div|li|ul|ol|h[1-6]|dd|dt|dl|blockquote|table|tr|td|th)\b[^>]*>/gi;

/** What a reader sees of a piece of markup: tags gone, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  const stripped = html
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/gi, ' ');
  return unescapeHtml(stripped).replace(/\s+/g, ' ').trim();
}

function hasFaqClass(attrs: string): boolean {
  const m = CLASS_ATTR.exec(attrs);
  return (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').split(/\s+/).includes('faq');
}

function faqsIn(container: string): Faq[] {
  const faqs: Faq[] = [];
  for (const [, inner = ''] of container.matchAll(DETAILS)) {
    const summary = SUMMARY.exec(inner);
    if (!summary) continue;
    const question = visibleText(summary[1] ?? '');
    const answer = visibleText(inner.replace(summary[0], ''));
    if (question && answer) faqs.push({ question, answer });
  }
  return faqs;
}

/**
 * The FAQs a page visibly shows, read back from the markup renderContent writes for them: an
 * element of class "faq" holding <details><summary>question</summary>answer</details> items.
 * FAQPage data must agree with the visible page, and a user's edit may drop or reword the
 * questions, so the structured data follows the HTML rather than the model's stored answer.
 */
export function faqsInHtml(html: string): Faq[] {
  if (!html.includes('faq')) return [];
  // Commented-out markup is not on the page.
  const page = html.replace(/<!--[\s\S]*?-->/g, '');
  const faqs: Faq[] = [];
  let open: { tag: string; start: number; depth: number } | null = null;
  for (const m of page.matchAll(TAG)) {
    const [whole, slash, name = '', attrs = ''] = m;
    const tag = name.toLowerCase();
    if (!open) {
      if (!slash && !/\/\s*$/.test(attrs) && hasFaqClass(attrs))
        open = { tag, start: m.index + whole.length, depth: 0 };
      continue;
    }
    if (tag !== open.tag) continue;
    if (!slash) open.depth += 1;
    else if (open.depth-- === 0) {
      faqs.push(...faqsIn(page.slice(open.start, m.index)));
      open = null;
    }
  }
  return faqs;
}
