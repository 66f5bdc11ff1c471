import { describe, expect, it } from 'vitest';
import { INSERT_TAGS, tagEdit } from '../src/features/editor/html-editor/insert-tag';
import {
  formatCount,
  modifierLabel,
  shortcutOf,
  textStats,
  visibleText,
} from '../src/features/editor/html-editor/status-bar';
import { formatErrorReason, formatHtml } from '../src/features/editor/html-editor/format-html';

/** Applies an edit to `doc` with the selection [from, to), as the editor does for one range. */
function apply(doc: string, from: number, to: number, tag: (typeof INSERT_TAGS)[number]) {
  const edit = tagEdit(tag, doc.slice(from, to));
  const at = edit.replacesSelection ? from : to;
  const next = doc.slice(0, at) + edit.insert + doc.slice(edit.replacesSelection ? to : at);
  return {
    doc: next,
    selected: next.slice(at + edit.anchor, at + edit.head),
    cursor: at + edit.head,
  };
}

describe('insert-tag toolbar', () => {
  it('offers exactly 16 distinct tags', () => {
    expect(INSERT_TAGS).toHaveLength(16);
    expect(new Set(INSERT_TAGS).size).toBe(16);
  });

  it('wraps a selection and keeps the wrapped text selected', () => {
    const r = apply('Call us today', 5, 7, 'strong');
    expect(r.doc).toBe('Call <strong>us</strong> today');
    expect(r.selected).toBe('us');
  });

  it('inserts an empty element with the cursor inside when nothing is selected', () => {
    const r = apply('<div></div>', 5, 5, 'h2');
    expect(r.doc).toBe('<div><h2></h2></div>');
    expect(r.doc.slice(0, r.cursor)).toBe('<div><h2>');
  });

  it('gives links and images their attributes', () => {
    expect(apply('', 0, 0, 'a').doc).toBe('<a href="#"></a>');
    expect(apply('Book now', 0, 8, 'a').doc).toBe('<a href="#">Book now</a>');
    const img = apply('', 0, 0, 'img');
    expect(img.doc).toBe('<img src="" alt="">');
    expect(img.doc.slice(0, img.cursor)).toBe('<img src="');
  });

  it('inserts void tags once, after the selection, never wrapping it', () => {
    const r = apply('line one', 0, 4, 'br');
    expect(r.doc).toBe('line<br> one');
    expect(r.doc.slice(0, r.cursor)).toBe('line<br>');
    expect(apply('x', 0, 1, 'img').doc).toBe('x<img src="" alt="">');
  });
});

describe('status bar counts', () => {
  it('counts lines, characters and the words of the text without tags', () => {
    const html =
      '<section class="a b">\n  <h2>Fast  plumbing</h2>\n  <p>Call&nbsp;us <b>today</b></p>\n</section>';
    expect(textStats(html)).toEqual({ lines: 4, characters: html.length, words: 5 });
  });

  it('leaves comments, scripts and styles out of the word count', () => {
    expect(visibleText('<!-- a b --><script>let x = 1</script><style>p{}</style>').trim()).toBe('');
    expect(textStats('one<!-- two -->three<script>four').words).toBe(2);
    expect(textStats('<a title="x > y">link</a>').words).toBe(1);
  });

  it('counts the words of a megabyte of hostile markup', () => {
    // A tag cut off by the end of the page hides nothing before it and counts as no word.
    expect(textStats(`two words${'<a'.repeat(500_000)}`).words).toBe(2);
    expect(textStats('<p>x</p>'.repeat(125_000)).words).toBe(125_000);
    expect(textStats('1 < 2 '.repeat(160_000)).words).toBe(480_000);
    expect(textStats(`<p class=a b=c>word</p>${'<!--<!--'.repeat(125_000)}`).words).toBe(1);
  });

  it('counts an empty document as one empty line, as the editor gutter does', () => {
    expect(textStats('')).toEqual({ lines: 1, characters: 0, words: 0 });
    expect(textStats('\n').lines).toBe(2);
  });

  it('formats counts in US English with singular and plural units', () => {
    expect(formatCount(1, 'line')).toBe('1 line');
    expect(formatCount(12345, 'word')).toBe('12,345 words');
  });
});

describe('shortcuts', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });

  it('maps Ctrl+S and Cmd+S to save, Ctrl+Shift+F to format', () => {
    expect(shortcutOf(key('s', { ctrlKey: true }))).toBe('save');
    expect(shortcutOf(key('s', { metaKey: true }))).toBe('save');
    expect(shortcutOf(key('F', { ctrlKey: true, shiftKey: true }))).toBe('format');
    expect(shortcutOf(key('f', { metaKey: true, shiftKey: true }))).toBe('format');
  });

  it('leaves every other key to the editor and the browser', () => {
    expect(shortcutOf(key('s'))).toBeNull();
    expect(shortcutOf(key('f', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(key('s', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutOf(key('Escape'))).toBeNull();
  });

  it('labels the modifier the way the platform does', () => {
    expect(modifierLabel('MacIntel')).toBe('⌘');
    expect(modifierLabel('Win32')).toBe('Ctrl');
  });
});

describe('format', () => {
  it('formats HTML with prettier and keeps the cursor near where it was', async () => {
    const source = '<section><h2>Hi</h2><p>there</p></section>';
    const result = await formatHtml(source, source.indexOf('there'));
    expect(result.formatted).toBe('<section>\n  <h2>Hi</h2>\n  <p>there</p>\n</section>\n');
    expect(result.formatted.slice(result.cursorOffset)).toMatch(/^there/);
  });

  it('rejects broken markup with a one-line reason for the toast', async () => {
    const error = await formatHtml('<div><p>x</div></span>', 0).catch((e: unknown) => e);
    const reason = formatErrorReason(error);
    expect(reason).toMatch(/^Unexpected closing tag "span"\..*\(1:16\)$/);
    expect(reason).not.toContain('\n');
    expect(reason).not.toContain('https://');
    expect(formatErrorReason('plain')).toBe('plain');
    expect(formatErrorReason(42)).toBe('');
  });
});
