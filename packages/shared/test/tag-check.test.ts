import { describe, expect, it } from 'vitest';
import { checkTags } from '../src/html/index.ts';

const kinds = (html: string) => checkTags(html).map((p) => `${p.kind}:${p.tag}`);

describe('checkTags: the four problems the HTML editor flags', () => {
  it('finds nothing wrong in well-formed page content', () => {
    const html = [
      '<section id="hero" class="hero">',
      '  <h1>Plumbing in Austin</h1>',
      '  <img src="a.jpg" alt=""><br/>',
      '  <!-- <div> in a comment is not a tag -->',
      '  <p>Call <a href="tel:1">us</a> &amp; save.</p>',
      '  <svg><path d="M0 0" /></svg>',
      '</section>',
    ].join('\n');
    expect(checkTags(html)).toEqual([]);
  });

  it('reports a closing tag with nothing open, with its line and column', () => {
    const problems = checkTags('<p>a</p>\n  </div>');
    expect(problems).toEqual([
      {
        kind: 'unexpected-closing',
        tag: 'div',
        line: 2,
        column: 3,
        offset: 11,
        message: 'Unexpected closing tag </div>: no <div> is open here.',
      },
    ]);
  });

  it('reports a mismatched closing tag once and recovers at the matching open tag', () => {
    const problems = checkTags('<div><p>text</div><span></span>');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ kind: 'mismatched', tag: 'div', line: 1, column: 13 });
    expect(problems[0]!.message).toBe('Mismatched tag </div>: expected </p> first.');
  });

  it('reports tags left open at the end, in source order', () => {
    expect(kinds('<div>\n<section><p>x')).toEqual([
      'unclosed:div',
      'unclosed:section',
      'unclosed:p',
    ]);
    expect(checkTags('<div>\n<ul>')[1]).toMatchObject({ line: 2, column: 1, offset: 6 });
  });

  it('reports an unclosed script or style and stops reading after it', () => {
    const problems = checkTags('<p>a</p>\n<script>if (a < b) { x("</div>") }');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ kind: 'unclosed-raw', tag: 'script', line: 2, column: 1 });
    expect(problems[0]!.message).toContain('read as script');
    expect(kinds('<style>.a{}')).toEqual(['unclosed-raw:style']);
  });

  it('does not read tags inside a closed script, style or textarea body', () => {
    expect(checkTags('<script>document.write("</p>")</script><style>a>b{}</style>')).toEqual([]);
    expect(checkTags('<textarea><div></textarea>')).toEqual([]);
  });

  it('matches tag names case-insensitively and treats void and self-closed tags as closed', () => {
    expect(checkTags('<DIV><Br><input type="x"><hr/></div>')).toEqual([]);
    expect(checkTags('<custom-el/><x:y></X:Y>')).toEqual([]);
  });

  it('ignores text that only looks like a tag and attributes holding ">"', () => {
    expect(checkTags('<p>1 < 2 and 3 > 2</p>')).toEqual([]);
    expect(checkTags('<a title="a > b" data-x=\'<p>\'>x</a>')).toEqual([]);
    expect(checkTags('<!doctype html><?xml x?><p></p>')).toEqual([]);
  });

  it('returns an empty list for an empty document', () => {
    expect(checkTags('')).toEqual([]);
  });
});
