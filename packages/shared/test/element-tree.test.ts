import { describe, expect, it } from 'vitest';
import { ELEMENT_TREE_PREVIEW_CHARS } from '../src/index.ts';
import { buildElementTree, elementLabel } from '../src/html/index.ts';
import type { ElementTreeNode } from '../src/html/index.ts';

/** The tree as "tag(children)" text, which reads better in failures than nested objects. */
function shape(nodes: ElementTreeNode[]): string {
  return nodes.map((n) => (n.children.length ? `${n.tag}(${shape(n.children)})` : n.tag)).join(' ');
}

describe('buildElementTree', () => {
  it('nests elements and records where each start tag begins', () => {
    const html = '<section id="a"><h2>Title</h2>\n<p>One <b>two</b></p></section><footer></footer>';
    const tree = buildElementTree(html);
    expect(shape(tree)).toBe('section(h2 p(b)) footer');
    const p = tree[0]!.children[1]!;
    expect(html.slice(p.offset, p.offset + 3)).toBe('<p>');
    expect(html.slice(p.children[0]!.offset)).toMatch(/^<b>two/);
  });

  it('reads the id and the classes, whatever the quoting', () => {
    const [a, b, c] = buildElementTree(
      `<div id="main" class=" hero  dark "></div><div ID='x' CLASS='one'></div><div id=z data-id="no" class=solo></div>`,
    );
    expect(a).toMatchObject({ id: 'main', classes: ['hero', 'dark'] });
    expect(b).toMatchObject({ id: 'x', classes: ['one'] });
    expect(c).toMatchObject({ id: 'z', classes: ['solo'] });
    expect(buildElementTree('<p data-class="x"></p>')[0]).toEqual(
      expect.objectContaining({ classes: [] }),
    );
    expect(buildElementTree('<p></p>')[0]!.id).toBeUndefined();
  });

  it('previews the text content, collapsing whitespace and breaking at block edges', () => {
    const [section] = buildElementTree(
      '<section><h2>Plans</h2><p>From  <strong>$9</strong>\n a&nbsp;month &amp; up</p></section>',
    );
    expect(section!.preview).toBe('Plans From $9 a month & up');
    expect(section!.children[1]!.preview).toBe('From $9 a month & up');
    expect(buildElementTree('<p>Hel<em>lo</em>!</p>')[0]!.preview).toBe('Hello!');
    expect(buildElementTree('<p>&#72;&#x69; &bogus;</p>')[0]!.preview).toBe('Hi &bogus;');
  });

  it(`cuts previews at ${ELEMENT_TREE_PREVIEW_CHARS} characters with an ellipsis`, () => {
    const long = 'word '.repeat(30);
    const [p] = buildElementTree(`<p>${long}</p>`);
    expect(p!.preview.endsWith('…')).toBe(true);
    expect(p!.preview.length).toBeLessThanOrEqual(ELEMENT_TREE_PREVIEW_CHARS + 1);
    expect(p!.preview).toBe(`${long.slice(0, ELEMENT_TREE_PREVIEW_CHARS).trimEnd()}…`);
    const exact = 'x'.repeat(ELEMENT_TREE_PREVIEW_CHARS);
    expect(buildElementTree(`<p>${exact}</p>`)[0]!.preview).toBe(exact);
    expect(buildElementTree('<p>abcdef</p>', 3)[0]!.preview).toBe('abc…');
  });

  it('keeps script and style bodies out of previews and reads no tags inside them', () => {
    const tree = buildElementTree(
      '<div>Hi<script>if (a<b) document.write("<p>x</p>")</script><style>p>a{}</style></div>',
    );
    expect(shape(tree)).toBe('div(script style)');
    expect(tree[0]!.preview).toBe('Hi');
    expect(buildElementTree('<title>A <b> title</title>')[0]).toMatchObject({
      preview: 'A <b> title',
      children: [],
    });
  });

  it('skips comments, doctypes and processing instructions', () => {
    const tree = buildElementTree('<!doctype html><!-- <div>hidden</div> --><?x?><p>shown</p>');
    expect(shape(tree)).toBe('p');
    expect(tree[0]!.preview).toBe('shown');
  });

  it('treats void and self-closed tags as leaves', () => {
    expect(shape(buildElementTree('<p>a<br>b<img src="x"><x-icon/>c</p>'))).toBe(
      'p(br img x-icon)',
    );
    expect(buildElementTree('<p>a<br>b</p>')[0]!.preview).toBe('a b');
  });

  it('stays useful on broken markup', () => {
    // A stray closing tag is ignored; a closing tag that skips open ones closes them too.
    expect(shape(buildElementTree('</span><div><p>a</div><p>b</p>'))).toBe('div(p) p');
    // Tags left open run to the end of the document.
    const open = buildElementTree('<ul><li>one<li>two');
    expect(shape(open)).toBe('ul(li(li))');
    expect(open[0]!.preview).toBe('one two');
    // An unclosed script swallows the rest, as a browser would.
    expect(shape(buildElementTree('<div><script>x<p>y</p>'))).toBe('div(script)');
    // Text that only looks like a tag stays text.
    expect(buildElementTree('<p>1 < 2 <3</p>')[0]!.preview).toBe('1 < 2 <3');
  });

  it('returns nothing for text without elements', () => {
    expect(buildElementTree('')).toEqual([]);
    expect(buildElementTree('just text')).toEqual([]);
  });
});

describe('elementLabel', () => {
  it('abbreviates to the tag, the id and the first classes with a count of the rest', () => {
    expect(elementLabel({ tag: 'div', classes: [] })).toBe('div');
    expect(elementLabel({ tag: 'section', id: 'hero', classes: ['a', 'b'] })).toBe(
      'section#hero.a.b',
    );
    expect(elementLabel({ tag: 'p', classes: ['a', 'b', 'c', 'd'] })).toBe('p.a.b +2');
    expect(elementLabel({ tag: 'p', classes: ['a', 'b'] }, 1)).toBe('p.a +1');
  });
});
