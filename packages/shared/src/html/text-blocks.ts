/**
 * The text a visitor reads on a page, one entry per block (paragraph, heading, list item…), in
 * one linear pass of the tokenizer, so any markup, a model's or a user's, costs its length. A
 * caller may label regions (`label(tag, attrs)`): a block carries the innermost label around
 * it, so a reader can tell written text from blocks a site adds from data.
 */
import { OpenElements, scanMarkup } from './markup-scan.ts';
import { RAW_TEXT_ELEMENTS, VOID_ELEMENTS } from './tag-check.ts';
import { BLOCK_ELEMENTS, decodeEntities, HIDDEN_RAW } from './entities.ts';

export type TextBlock = {
  text: string;
  /** The block element the text sits in (the nearest one open when it started). */
  tag: string;
  label: string | null;
};

type Open = { tag: string; label: string | null; block: string };

export function textBlocks(
  html: string,
  label: (tag: string, attrs: Map<string, string>) => string | null = () => null,
): TextBlock[] {
  const blocks: TextBlock[] = [];
  const stack = new OpenElements<Open>();
  let parts: string[] = [];
  let current: Omit<TextBlock, 'text'> = { tag: '', label: null };
  let raw: string | null = null;

  const flush = () => {
    const text = parts.join('').replace(/\s+/g, ' ').trim();
    if (text) blocks.push({ text, ...current });
    parts = [];
  };
  const here = (): Omit<TextBlock, 'text'> => {
    const top = stack.top();
    return { tag: top?.block ?? '', label: top?.label ?? null };
  };

  scanMarkup(html, {
    text(start, end) {
      if (raw && HIDDEN_RAW.has(raw)) return;
      if (!parts.length) current = here();
      parts.push(decodeEntities(html.slice(start, end)));
    },
    openTag({ name, attrs, selfClosing }) {
      const isBlock = BLOCK_ELEMENTS.has(name);
      if (isBlock) flush();
      if (VOID_ELEMENTS.has(name) || selfClosing) {
        if (!isBlock) parts.push(' ');
        return;
      }
      if (RAW_TEXT_ELEMENTS.has(name)) {
        raw = name;
        return;
      }
      const parent = stack.top();
      const inherited = parent?.label ?? null;
      const own = label(name, attrs) ?? inherited;
      // A labelled inline (a hidden "Learn more" span) is a block of its own.
      if (!isBlock && own !== inherited) flush();
      stack.push({ tag: name, label: own, block: isBlock ? name : (parent?.block ?? '') });
    },
    closeTag(name) {
      if (raw) {
        if (name === raw) raw = null;
        return;
      }
      if (BLOCK_ELEMENTS.has(name)) flush();
      // A stray closing tag closes nothing; one that skips open tags closes those too.
      const at = stack.lastIndexOf(name);
      if (at >= 0) {
        if (!BLOCK_ELEMENTS.has(name)) {
          // Inline elements end a word ("<b>a</b>b" is one word, but labels may differ).
          const closing = stack.items[at]!;
          if (closing.label !== (stack.items[at - 1]?.label ?? null)) flush();
        }
        stack.popFrom(at);
      }
    },
  });
  flush();
  return blocks;
}
