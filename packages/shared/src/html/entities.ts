/** What readers of page markup share: entities, block elements, bodies that are not text. */
import { Tokenizer } from 'htmlparser2';

// Script and style bodies are code, not text; title and textarea bodies are text but hold no tags.
export const HIDDEN_RAW = new Set(['script', 'style', 'iframe', 'noembed', 'noframes']);
// Page HTML from the visual editor is usually one long line: without a break at block edges
// "<h2>Plans</h2><p>From $9</p>" would preview as "PlansFrom $9".
export const BLOCK_ELEMENTS = new Set(
  (
    'address article aside blockquote br dd details div dl dt fieldset figcaption figure footer ' +
    'form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table td th tr ul'
  ).split(' '),
);

const ignore = () => {};

/**
 * A run of text with every character reference decoded, by the whole HTML table ("&rarr;" is
 * the arrow the visual editor writes instead of the character): the tokenizer's own decoder,
 * fed the run as text. One linear pass; a reference it does not know stays as written.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  const out: string[] = [];
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext: (start, end) => out.push(text.slice(start, end)),
      ontextentity: (codePoint) => out.push(String.fromCodePoint(codePoint)),
      onattribdata: ignore,
      onattribentity: ignore,
      onattribend: ignore,
      onattribname: ignore,
      oncdata: ignore,
      onclosetag: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onend: ignore,
      onopentagend: ignore,
      onopentagname: ignore,
      onprocessinginstruction: ignore,
      onselfclosingtag: ignore,
    },
  );
  tokenizer.write(text);
  tokenizer.end();
  return out.join('');
}

/**
 * Reverses the entities the site's escapeHtml writes (and numeric ones): for reading back text
 * the site wrote (stored meta tags, FAQs), where the whole HTML table is not wanted.
 */
export function unescapeHtml(value: string): string {
  return value
    .replace(/&#(\d{1,7});/g, (_, code: string) => codePoint(Number(code)))
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, code: string) => codePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function codePoint(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}
