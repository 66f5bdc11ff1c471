/** What readers of page markup share: entities, block elements, bodies that are not text. */

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

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

// Linear: each match starts at its own `&` and its `+` runs stop at the next non-letter or digit.
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
