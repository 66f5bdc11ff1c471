import { describe, expect, it } from 'vitest';
import { buildElementTree, checkTags, OpenElements, scanMarkup } from '../src/html/index.ts';

// Hostile inputs of about 1 MB: each once took the old tag patterns minutes. The answers are
// checked, not the time (the time is measured by `npm run bench -- hostile`).
const MB = 1_000_000;

describe('scanMarkup: one pass of a tokenizer over untrusted markup', () => {
  it('reports tags with raw attributes and offsets, and text in between', () => {
    const seen: string[] = [];
    const html = 'a<DIV class=x id="y" data-z>t&amp;u</div ><br/><!-- <p> -->';
    scanMarkup(html, {
      openTag: (t) =>
        seen.push(
          `open ${t.name} ${JSON.stringify([...t.attrs])} ${t.offset}-${t.end}${t.selfClosing ? ' /' : ''}`,
        ),
      closeTag: (name, offset) => seen.push(`close ${name} ${offset}`),
      text: (start, end) => seen.push(`text ${html.slice(start, end)}`),
    });
    expect(seen).toEqual([
      'text a',
      'open div [["class","x"],["id","y"],["data-z",""]] 1-28',
      'text t&amp;u',
      'close div 35',
      'open br [] 42-47 /',
    ]);
  });

  it('drops a tag cut off by the end of the input, as a browser does', () => {
    const names: string[] = [];
    scanMarkup(`<p>faq</p>${'<a'.repeat(MB / 2)}`, { openTag: (t) => names.push(t.name) });
    expect(names).toEqual(['p']);
  });

  it('keeps XML names as written, prefixes included', () => {
    const names: string[] = [];
    scanMarkup('<x:Row r="1"/><Row></Row>', { openTag: (t) => names.push(t.name) }, true);
    expect(names).toEqual(['x:Row', 'Row']);
  });
});

describe('OpenElements', () => {
  it('finds the nearest open tag and pops down to it', () => {
    const stack = new OpenElements<{ tag: string; n: number }>();
    ['div', 'p', 'div', 'span'].forEach((tag, n) => stack.push({ tag, n }));
    expect(stack.lastIndexOf('div')).toBe(2);
    expect(stack.popFrom(2).map((o) => o.n)).toEqual([3, 2]);
    expect(stack.lastIndexOf('div')).toBe(0);
    expect(stack.lastIndexOf('span')).toBe(-1);
    expect(stack.top()?.tag).toBe('p');
  });
});

describe('checkTags on hostile input of 1 MB', () => {
  it('finds nothing to report in a megabyte of tags that never end', () => {
    expect(checkTags(`<p>ok</p>${'<a'.repeat(MB / 2)}`)).toEqual([]);
    expect(checkTags(`<p>ok</p>${'<div'.repeat(MB / 4)}`)).toEqual([]);
  });

  it('reports every stray closing tag and every unclosed tag of deep nesting', () => {
    const n = MB / 10;
    const problems = checkTags('<div>'.repeat(n) + '</b>'.repeat(n));
    expect(problems).toHaveLength(2 * n);
    expect(problems.filter((p) => p.kind === 'unclosed')).toHaveLength(n);
    expect(problems.filter((p) => p.kind === 'unexpected-closing')).toHaveLength(n);
    expect(problems[0]).toMatchObject({ kind: 'unclosed', tag: 'div', offset: 0 });
    expect(problems.at(-1)).toMatchObject({
      kind: 'unexpected-closing',
      tag: 'b',
      offset: 5 * n + 4 * (n - 1),
    });
  });

  it('recovers once per mismatched closing tag, however deep', () => {
    const n = MB / 20;
    const problems = checkTags(`${'<div><p>'.repeat(n)}${'</div>'.repeat(n)}`);
    expect(problems).toHaveLength(n);
    expect(problems.every((p) => p.kind === 'mismatched')).toBe(true);
  });

  it('reads unquoted attributes holding quotes and equals signs', () => {
    const attrs = ' a=b'.repeat(MB / 8) + ' title=x\'y"z=w';
    expect(checkTags(`<div${attrs}>text</div>`)).toEqual([]);
  });

  it('treats nested and unclosed comments as a browser does', () => {
    expect(checkTags('<!-- <!-- <div> -->'.repeat(MB / 20))).toEqual([]);
    expect(checkTags(`<p>${'<!--<!--'.repeat(MB / 16)}</div>`)).toEqual([
      expect.objectContaining({ kind: 'unclosed', tag: 'p' }),
    ]);
    // The first "-->" ends the comment; the outer one is text.
    expect(kinds('<!-- <!-- --> <div> -->')).toEqual(['unclosed:div']);
  });

  it('reports a megabyte of unclosed script bodies as one unclosed script', () => {
    expect(kinds(`<script>${'<script>'.repeat(MB / 8)}`)).toEqual(['unclosed-raw:script']);
  });
});

describe('buildElementTree on hostile input of 1 MB', () => {
  it('builds the nesting of 100,000 open tags and previews their text', () => {
    const n = MB / 10;
    const roots = buildElementTree(`${'<div>'.repeat(n)}deep${'</b>'.repeat(n)}`);
    const previews = new Set<string>();
    let depth = 0;
    for (let node = roots[0]; node; node = node.children[0]) {
      previews.add(node.preview);
      depth += 1;
    }
    expect(depth).toBe(n);
    expect([...previews]).toEqual(['deep']);
  });

  it('reads id and class from unquoted attributes and ignores a tag that never ends', () => {
    const roots = buildElementTree(`<p id=a class=b c=d>x</p>${'<a'.repeat(MB / 2)}`);
    expect(roots).toEqual([
      { tag: 'p', id: 'a', classes: ['b'], offset: 0, preview: 'x', children: [] },
    ]);
  });
});

function kinds(html: string) {
  return checkTags(html).map((p) => `${p.kind}:${p.tag}`);
}
