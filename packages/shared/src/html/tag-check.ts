/**
 * Finds the tag problems a person editing HTML by hand makes: a closing tag with nothing to
 * close, a closing tag that does not match the open one, tags left open, and a script or
 * style never closed (everything after it would be swallowed). It checks nesting only, not
 * the content model, so it is fast enough to run on every keystroke; the server uses it to
 * refuse a model's rewrite that is not a well-formed fragment.
 */
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
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;

type Open = { tag: string; offset: number };

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

export function checkTags(html: string): TagProblem[] {
  const problems: Omit<TagProblem, 'line' | 'column'>[] = [];
  const stack: Open[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    TAG.lastIndex = lt;
    const m = TAG.exec(html);
    if (!m) {
      i = lt + 1;
      continue;
    }
    i = TAG.lastIndex;
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    if (closing) {
      closeTag(tag, lt);
      continue;
    }
    if (VOID_ELEMENTS.has(tag) || /\/\s*$/.test(m[3]!)) continue;
    if (RAW_TEXT.has(tag)) {
      const close = new RegExp(`</${tag}\\s*>`, 'ig');
      close.lastIndex = i;
      const end = close.exec(html);
      if (!end) {
        problems.push({
          kind: 'unclosed-raw',
          tag,
          offset: lt,
          message: `Unclosed <${tag}>: everything after it is read as ${tag === 'script' || tag === 'style' ? tag : 'text'}.`,
        });
        break;
      }
      i = close.lastIndex;
      continue;
    }
    stack.push({ tag, offset: lt });
  }
  for (const open of stack) {
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
    const top = stack[stack.length - 1];
    if (top?.tag === tag) {
      stack.pop();
      return;
    }
    const at = stack.map((o) => o.tag).lastIndexOf(tag);
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
    stack.length = at;
  }
}
