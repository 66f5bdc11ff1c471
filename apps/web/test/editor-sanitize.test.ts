import { describe, expect, it } from 'vitest';
import { DROPPED_TAGS, isUnsafeAttribute, isUnsafeUrl } from '../src/features/editor/sanitize';

describe('isUnsafeUrl', () => {
  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'img.png 1x, javascript:alert(1) 2x',
  ])('refuses %j', (url) => {
    expect(isUnsafeUrl(url)).toBe(true);
  });

  it.each([
    'https://example.com/a',
    '/images/a.png',
    '#contact',
    'tel:+15125550100',
    'mailto:hello@acme.test',
    'data:image/png;base64,AAAA',
    'data:image/svg+xml;base64,PHN2Zz4=',
    '',
  ])('allows %j', (url) => {
    expect(isUnsafeUrl(url)).toBe(false);
  });
});

describe('isUnsafeAttribute', () => {
  it('drops event handlers and srcdoc whatever their value', () => {
    expect(isUnsafeAttribute('onerror', 'x')).toBe(true);
    expect(isUnsafeAttribute('ONCLICK', '')).toBe(true);
    expect(isUnsafeAttribute('srcdoc', '<p>hi</p>')).toBe(true);
  });

  it('drops script URLs in URL attributes, including namespaced hrefs', () => {
    expect(isUnsafeAttribute('href', 'javascript:void(0)')).toBe(true);
    expect(isUnsafeAttribute('formaction', 'javascript:x')).toBe(true);
    expect(isUnsafeAttribute('xlink:href', 'javascript:x')).toBe(true);
    expect(isUnsafeAttribute('src', 'data:text/html,hi')).toBe(true);
  });

  it('keeps ordinary attributes', () => {
    expect(isUnsafeAttribute('href', '/services/roof-repair')).toBe(false);
    expect(isUnsafeAttribute('class', 'btn btn-primary')).toBe(false);
    expect(isUnsafeAttribute('alt', 'A roof at sunset')).toBe(false);
    expect(isUnsafeAttribute('style', 'color:red')).toBe(false);
    expect(isUnsafeAttribute('data-note', 'javascript is fun')).toBe(false);
  });

  it('refuses a script URL in any other attribute too', () => {
    expect(isUnsafeAttribute('data-href', 'javascript:alert(1)')).toBe(true);
  });
});

describe('dropped elements', () => {
  it('include everything that runs code or loads another document', () => {
    for (const tag of ['script', 'noscript', 'object', 'embed', 'base', 'meta', 'link', 'frame']) {
      expect(DROPPED_TAGS.has(tag)).toBe(true);
    }
    expect(DROPPED_TAGS.has('section')).toBe(false);
  });
});
