import { UNSAFE_ELEMENTS } from '@cityforge/shared/html';

/**
 * Edited pages are shown in a same-origin canvas frame, so nothing in them may run there.
 * GrapesJS's own parser options drop scripts, on* attributes and "javascript:" values, but its
 * value check is case-sensitive and ignores leading blanks; this pass is the stricter one and
 * runs first on everything that reaches the canvas.
 */

/** The elements this pass removes: the shared list the server refuses model answers by. */
export const DROPPED_TAGS = UNSAFE_ELEMENTS;

/** Attributes whose value the browser treats as a URL to load or follow. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'background',
  'data',
  'codebase',
  'cite',
  'ping',
  'srcset',
  'values',
  'to',
  'from',
  'by',
]);

// Browsers ignore ASCII whitespace and control characters inside a URL scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const NOISE = /[\u0000-\u0020\u007f-\u009f]+/g;
// data: URLs stay only as images, which never run script (an <img> loads SVG without scripts).
const UNSAFE_SCHEME = /^(?:javascript|vbscript|livescript):|^data:(?!image\/)/i;

/** A URL (or a srcset or SVG values list) that would run script when followed or loaded. */
export function isUnsafeUrl(value: string): boolean {
  const compact = value.replace(NOISE, '');
  return compact.split(/[,;]/).some((part) => UNSAFE_SCHEME.test(part.trim()));
}

/** on* handlers, srcdoc documents, and script URLs in any attribute that takes a URL. */
export function isUnsafeAttribute(name: string, value: string): boolean {
  const attr = name.toLowerCase();
  if (attr.startsWith('on') || attr === 'srcdoc') return true;
  if (URL_ATTRIBUTES.has(attr) || attr.endsWith(':href')) return isUnsafeUrl(value);
  // Any other attribute holding a script URL is still refused: GrapesJS traits may copy it into href.
  return /^\s*(?:javascript|vbscript):/i.test(value.replace(NOISE, ''));
}

/** Cleans a parsed tree in place (a DOMParser document is inert, so nothing ran before this). */
export function sanitizeTree(root: ParentNode): void {
  for (const el of Array.from(root.querySelectorAll('*'))) {
    if (DROPPED_TAGS.has(el.localName)) {
      el.remove();
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      if (isUnsafeAttribute(attr.name, attr.value)) el.removeAttribute(attr.name);
    }
  }
}

/**
 * An HTML fragment made safe for the canvas. Parsing a fragment puts leading <style> (and
 * <meta>, <link>) in the head, so the head's survivors come first, as GrapesJS would read them.
 */
export function sanitizeFragment(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  sanitizeTree(doc.documentElement);
  return doc.head.innerHTML + doc.body.innerHTML;
}
