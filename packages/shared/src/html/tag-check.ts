/**
 * Finds the tag problems a person editing HTML by hand makes: a closing tag with nothing to
 * close, a closing tag that does not match the open one, tags left open, and a script or
 * style never closed (everything after it would be swallowed). It checks nesting only, not
 * the content model, so it is fast enough to run on every keystroke; the server uses it to
 * refuse a model's rewrite that is not a well-formed fragment.
 */
import { OpenElements, scanMarkup } from './markup-scan.ts';

export type TagProblemKind = 'unexpected-closing' | 'mismatched' | 'unclosed' | 'unclosed-raw';
export type TagProblem = {
  kind: TagProblemKind;
  tag: string;
  /** 1-based line and column of the tag the problem is about. */
  line: number;
  column: number;
  /** Character offset of that tag in the input. */
  offset: number;
  message: string;
};

export const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements whose body the tokenizer reads as text up to their own closing tag. */
export const RAW_TEXT_ELEMENTS = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'iframe',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
]);

type Open = { tag: string; offset: number };

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

export function checkTags(html: string): TagProblem[] {
  const problems: Omit<TagProblem, 'line' | 'column'>[] = [];
  const stack = new OpenElements<Open>();
  // A raw-text element still waiting for its closing tag: nothing inside it is a tag.
  let raw: Open | null = null;
  scanMarkup(html, {
    openTag({ name, offset, selfClosing }) {
      if (VOID_ELEMENTS.has(name) || selfClosing) return;
      if (RAW_TEXT_ELEMENTS.has(name)) raw = { tag: name, offset };
      else stack.push({ tag: name, offset });
    },
    closeTag(name, offset) {
      if (raw) raw = null;
      else closeTag(name, offset);
    },
  });
  const unclosedRaw = raw as Open | null;
  if (unclosedRaw) {
    const { tag, offset } = unclosedRaw;
    problems.push({
      kind: 'unclosed-raw',
      tag,
      offset,
      message: `Unclosed <${tag}>: everything after it is read as ${tag === 'script' || tag === 'style' ? tag : 'text'}.`,
    });
  }
  for (const open of stack.items) {
    problems.push({
      kind: 'unclosed',
      tag: open.tag,
      offset: open.offset,
      message: `Unclosed tag <${open.tag}>.`,
    });
  }
  const starts = lineStarts(html);
  return problems
    .sort((a, b) => a.offset - b.offset)
    .map((p) => {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= p.offset) lo = mid;
        else hi = mid - 1;
      }
      return { ...p, line: lo + 1, column: p.offset - starts[lo]! + 1 };
    });

  function closeTag(tag: string, offset: number) {
    const top = stack.top();
    if (top?.tag === tag) {
      stack.popFrom(stack.length - 1);
      return;
    }
    const at = stack.lastIndexOf(tag);
    if (at < 0) {
      problems.push({
        kind: 'unexpected-closing',
        tag,
        offset,
        message: `Unexpected closing tag </${tag}>: no <${tag}> is open here.`,
      });
      return;
    }
    // The nearest open tag is the one the author forgot; report it once, then recover.
    problems.push({
      kind: 'mismatched',
      tag,
      offset,
      message: `Mismatched tag </${tag}>: expected </${top!.tag}> first.`,
    });
    stack.popFrom(at);
  }
}
