/**
 * The outline the HTML editor shows beside the source: every element, nested, with where its
 * start tag is and a short preview of its text. It reads markup the way tag-check.ts does (one
 * linear pass of a tokenizer, not a DOM) so half-typed HTML still gives a useful tree, user
 * markup is never parsed into a live document, and each node keeps the source offset the editor
 * jumps to.
 */
import { ELEMENT_TREE_PREVIEW_CHARS } from '../contracts/editor.ts';
import { OpenElements, scanMarkup } from './markup-scan.ts';
import { RAW_TEXT_ELEMENTS, VOID_ELEMENTS } from './tag-check.ts';
import { BLOCK_ELEMENTS as BLOCK, decodeEntities, HIDDEN_RAW } from './entities.ts';

export type ElementTreeNode = {
  tag: string;
  id?: string;
  classes: string[];
  /** Character offset of the start tag's `<` in the source. */
  offset: number;
  /** The element's text, whitespace collapsed, cut with an ellipsis past the preview length. */
  preview: string;
  children: ElementTreeNode[];
};

function readAttributes(attrs: Map<string, string>): Pick<ElementTreeNode, 'id' | 'classes'> {
  const id = attrs.get('id')?.trim();
  const classes = (attrs.get('class') ?? '').split(/\s+/).filter(Boolean);
  return id ? { id, classes } : { classes };
}

/** Runs of text between tags, whitespace collapsed; `space` marks a gap before the run. */
type Run = { text: string; space: boolean };
type Open = { tag: string; node: ElementTreeNode; firstRun: number };

export function buildElementTree(
  html: string,
  previewChars: number = ELEMENT_TREE_PREVIEW_CHARS,
): ElementTreeNode[] {
  const roots: ElementTreeNode[] = [];
  const stack = new OpenElements<Open>();
  const runs: Run[] = [];
  let gap = false;

  const addText = (raw: string) => {
    const text = decodeEntities(raw).replace(/\s+/g, ' ');
    if (text.startsWith(' ')) gap = true;
    const trimmed = text.trim();
    if (trimmed) {
      runs.push({ text: trimmed, space: gap });
      gap = text.endsWith(' ');
    }
  };
  const attach = (node: ElementTreeNode) => {
    const parent = stack.top();
    (parent ? parent.node.children : roots).push(node);
  };
  const close = (open: Open) => {
    open.node.preview = preview(runs, open.firstRun, previewChars);
  };

  // A raw-text element (script, title…) whose body is being read: nothing inside is a tag.
  let raw: Open | null = null;
  scanMarkup(html, {
    text(start, end) {
      if (!raw || !HIDDEN_RAW.has(raw.tag)) addText(html.slice(start, end));
    },
    openTag({ name, attrs, offset, selfClosing }) {
      if (BLOCK.has(name)) gap = true;
      const node: ElementTreeNode = {
        tag: name,
        ...readAttributes(attrs),
        offset,
        preview: '',
        children: [],
      };
      attach(node);
      if (VOID_ELEMENTS.has(name) || selfClosing) return;
      const open = { tag: name, node, firstRun: runs.length };
      if (RAW_TEXT_ELEMENTS.has(name)) raw = open;
      else stack.push(open);
    },
    closeTag(name) {
      if (BLOCK.has(name)) gap = true;
      if (raw) {
        close(raw);
        raw = null;
        return;
      }
      // A stray closing tag closes nothing; one that skips open tags closes those too.
      const at = stack.lastIndexOf(name);
      if (at >= 0) stack.popFrom(at).forEach(close);
    },
  });
  const unclosedRaw = raw as Open | null;
  if (unclosedRaw) close(unclosedRaw);
  stack.popFrom(0).forEach(close);
  return roots;
}

function preview(runs: Run[], from: number, limit: number): string {
  let text = '';
  for (let r = from; r < runs.length && text.length <= limit; r++) {
    text += (text && runs[r]!.space ? ' ' : '') + runs[r]!.text;
  }
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}

/** `section#hero.card.wide +2`: the tag, its id, and its first classes with a count of the rest. */
export function elementLabel(
  node: Pick<ElementTreeNode, 'tag' | 'id' | 'classes'>,
  maxClasses = 2,
) {
  const shown = node.classes
    .slice(0, maxClasses)
    .map((c) => `.${c}`)
    .join('');
  const more = node.classes.length - maxClasses;
  return `${node.tag}${node.id ? `#${node.id}` : ''}${shown}${more > 0 ? ` +${more}` : ''}`;
}
