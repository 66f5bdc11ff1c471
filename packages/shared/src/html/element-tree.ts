/**
 * The outline the HTML editor shows beside the source: every element, nested, with where its
 * start tag is and a short preview of its text. It reads markup the way tag-check.ts does
 * (a tolerant scan, not a DOM) so half-typed HTML still gives a useful tree, user markup is
 * never parsed into a live document, and each node keeps the source offset the editor jumps to.
 */
import { ELEMENT_TREE_PREVIEW_CHARS } from '../contracts/editor.ts';
import { VOID_ELEMENTS } from './tag-check.ts';

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

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const ATTR = /(?:^|\s)(id|class)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
// Script and style bodies are code, not text; title and textarea bodies are text but hold no tags.
const HIDDEN_RAW = new Set(['script', 'style']);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
// Page HTML from the visual editor is usually one long line: without a break at block edges
// "<h2>Plans</h2><p>From $9</p>" would preview as "PlansFrom $9".
const BLOCK = new Set(
  (
    'address article aside blockquote br dd details div dl dt fieldset figcaption figure footer ' +
    'form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table td th tr ul'
  ).split(' '),
);
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function readAttributes(attrs: string): Pick<ElementTreeNode, 'id' | 'classes'> {
  let id: string | undefined;
  let classes: string[] = [];
  for (const m of attrs.matchAll(ATTR)) {
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (m[1]!.toLowerCase() === 'id') id ??= value.trim() || undefined;
    else if (classes.length === 0) classes = value.split(/\s+/).filter(Boolean);
  }
  return id === undefined ? { classes } : { id, classes };
}

/** Runs of text between tags, whitespace collapsed; `space` marks a gap before the run. */
type Run = { text: string; space: boolean };
type Open = { node: ElementTreeNode; firstRun: number };

export function buildElementTree(
  html: string,
  previewChars: number = ELEMENT_TREE_PREVIEW_CHARS,
): ElementTreeNode[] {
  const roots: ElementTreeNode[] = [];
  const stack: Open[] = [];
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
    const parent = stack[stack.length - 1];
    (parent ? parent.node.children : roots).push(node);
  };
  const close = (open: Open) => {
    open.node.preview = preview(runs, open.firstRun, previewChars);
  };

  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      addText(html.slice(i));
      break;
    }
    if (lt > i) addText(html.slice(i, lt));
    if (html.startsWith('<!--', lt) || html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.startsWith('<!--', lt) ? html.indexOf('-->', lt + 4) : html.indexOf('>', lt);
      i = end < 0 ? html.length : end + (html.startsWith('<!--', lt) ? 3 : 1);
      continue;
    }
    TAG.lastIndex = lt;
    const m = TAG.exec(html);
    if (!m) {
      addText('<');
      i = lt + 1;
      continue;
    }
    i = TAG.lastIndex;
    const tag = m[2]!.toLowerCase();
    if (BLOCK.has(tag)) gap = true;
    if (m[1] === '/') {
      // A stray closing tag closes nothing; one that skips open tags closes those too.
      const at = stack.map((o) => o.node.tag).lastIndexOf(tag);
      if (at >= 0) stack.splice(at).reverse().forEach(close);
      continue;
    }
    const node: ElementTreeNode = {
      tag,
      ...readAttributes(m[3]!),
      offset: lt,
      preview: '',
      children: [],
    };
    attach(node);
    if (VOID_ELEMENTS.has(tag) || /\/\s*$/.test(m[3]!)) continue;
    if (RAW_TEXT.has(tag)) {
      const end = new RegExp(`</${tag}\\s*>`, 'ig');
      end.lastIndex = i;
      const found = end.exec(html);
      const bodyEnd = found ? found.index : html.length;
      const firstRun = runs.length;
      if (!HIDDEN_RAW.has(tag)) addText(html.slice(i, bodyEnd));
      close({ node, firstRun });
      i = found ? end.lastIndex : html.length;
      continue;
    }
    stack.push({ node, firstRun: runs.length });
  }
  stack.reverse().forEach(close);
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
