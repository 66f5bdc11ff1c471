import { escapeAttr, escapeHtml, unescapeHtml } from './html.ts';

export type MetaInput = { title: string; description: string };

export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 160;

/** Cuts on a word boundary so search results never show half a word. */
export function trimToWords(value: string, max: number, ellipsis = false): string {
  const text = value.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const room = ellipsis ? max - 1 : max;
  const cut = text.slice(0, room + 1);
  const space = cut.lastIndexOf(' ');
  // A single very long word has no boundary to respect; cut it rather than drop everything.
  const head = (space > room / 2 ? cut.slice(0, space) : text.slice(0, room)).replace(
    /[\s,;:.\-–—|·]+$/,
    '',
  );
  return ellipsis ? `${head}…` : head;
}

/**
 * The page's title and description as two plain lines of HTML. Users edit this string later,
 * so it holds nothing else.
 */
export function renderMetaTags(meta: MetaInput): string {
  const title = trimToWords(meta.title, TITLE_MAX);
  const description = trimToWords(meta.description, DESCRIPTION_MAX, true);
  return `<title>${escapeHtml(title)}</title>\n<meta name="description" content="${escapeAttr(description)}">`;
}

/**
 * Reads title and description back from stored (possibly hand-edited) meta tags, so social
 * previews follow the user's edits.
 */
export function readMetaTags(metaTags: string): MetaInput {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(metaTags)?.[1] ?? '';
  const tag = /<meta\b[^>]*\bname\s*=\s*["']?description["']?[^>]*>/i.exec(metaTags)?.[0] ?? '';
  const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
  const description = content?.[1] ?? content?.[2] ?? '';
  return { title: unescapeHtml(title).trim(), description: unescapeHtml(description).trim() };
}
