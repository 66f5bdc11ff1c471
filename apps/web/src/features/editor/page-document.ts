import { sanitizeTree } from './sanitize';

/** A stored page split for the canvas: the site theme apart, the body to edit. */
export interface PageDocument {
  /** Contents of the page's <style> elements (the site theme), in document order. */
  styles: string[];
  /** Same-origin stylesheet links (a published page links its CSS instead of inlining it). */
  stylesheets: string[];
  /** The sanitised body markup: header, breadcrumbs, main#main and footer. */
  bodyHtml: string;
  /** The <html lang> of the page, so the canvas spells and hyphenates like the site. */
  lang: string;
}

function sameOriginPath(href: string | null): string | null {
  if (!href) return null;
  const value = href.trim();
  return value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/**
 * Reads complete_html with DOMParser, which builds an inert document: no script runs and no
 * resource loads while it is read. The theme CSS is kept out of the body so it never becomes
 * GrapesJS CSS (which the user could edit and which would be saved); it is put into the frame.
 */
export function readPageDocument(html: string): PageDocument {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const styles = Array.from(doc.querySelectorAll('style'), (s) => s.textContent ?? '');
  const stylesheets = Array.from(doc.querySelectorAll('link[rel~="stylesheet"]'), (l) =>
    sameOriginPath(l.getAttribute('href')),
  ).filter((href): href is string => href !== null);
  for (const style of Array.from(doc.querySelectorAll('style'))) style.remove();
  sanitizeTree(doc.body);
  return {
    styles,
    stylesheets,
    bodyHtml: doc.body.innerHTML,
    lang: doc.documentElement.getAttribute('lang') ?? 'en',
  };
}
