import { scanMarkup, unescapeHtml } from '@cityforge/shared/html';
import { escapeAttr, escapeHtml } from './html.ts';

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
  // Runs on at most `max` characters, so the trailing-run pattern's backtracking is bounded.
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
 * previews follow the user's edits. The first <title> and the first description meta win;
 * a title never closed counts as none. One tokenizer pass: the user writes this string.
 */
export function readMetaTags(metaTags: string): MetaInput {
  let title: string | null = null;
  let titleText: string[] | null = null;
  let description: string | null = null;
  scanMarkup(metaTags, {
    openTag({ name, attrs }) {
      if (name === 'title' && title === null) titleText = [];
      else if (name === 'meta' && description === null) {
        if (attrs.get('name')?.trim().toLowerCase() === 'description')
          description = attrs.get('content') ?? '';
      }
    },
    text(start, end) {
      titleText?.push(metaTags.slice(start, end));
    },
    closeTag(name) {
      if (name !== 'title' || !titleText) return;
      title = titleText.join('');
      titleText = null;
    },
  });
  return {
    title: unescapeHtml(title ?? '').trim(),
    description: unescapeHtml(description ?? '').trim(),
  };
}

/** Whether the user wrote Open Graph tags of their own into the meta tags. */
export function hasOpenGraphTags(metaTags: string): boolean {
  let found = false;
  scanMarkup(metaTags, {
    openTag({ name, attrs }) {
      if (name === 'meta' && attrs.get('property')?.trim().toLowerCase().startsWith('og:'))
        found = true;
    },
  });
  return found;
}

/**
 * The meta tags with the customer's own title and description for the page (a sheet's `Page
 * title` and `Meta description`) in place of those the template or the model gave, as written:
 * the customer's words win, uncut. Other tags of an HTML template stay where they are. One
 * tokenizer pass.
 */
export function overrideMetaTags(
  metaTags: string,
  own: { title?: string | null; description?: string | null },
): string {
  const title = own.title?.trim();
  const description = own.description?.trim();
  if (!title && !description) return metaTags;
  const spans: Array<{ start: number; end: number; tag: string }> = [];
  let titleAt: number | null = null;
  let titleDone = false;
  let descriptionDone = false;
  scanMarkup(metaTags, {
    openTag({ name, attrs, offset, end }) {
      if (name === 'title' && !titleDone && titleAt === null) titleAt = offset;
      else if (name === 'meta' && !descriptionDone) {
        if (attrs.get('name')?.trim().toLowerCase() !== 'description') return;
        descriptionDone = true;
        if (description) spans.push({ start: offset, end, tag: descriptionTag(description) });
      }
    },
    closeTag(name, offset) {
      if (name !== 'title' || titleAt === null || titleDone) return;
      titleDone = true;
      const end = metaTags.indexOf('>', offset) + 1;
      if (title) spans.push({ start: titleAt, end, tag: titleTag(title) });
    },
  });
  let out = metaTags;
  for (const span of spans.sort((a, b) => b.start - a.start))
    out = out.slice(0, span.start) + span.tag + out.slice(span.end);
  const missing = [
    title && !titleDone ? titleTag(title) : '',
    description && !descriptionDone ? descriptionTag(description) : '',
  ].filter(Boolean);
  return missing.length ? [...missing, out].filter(Boolean).join('\n') : out;
}

const titleTag = (title: string) => `<title>${escapeHtml(title)}</title>`;
const descriptionTag = (description: string) =>
  `<meta name="description" content="${escapeAttr(description)}">`;
