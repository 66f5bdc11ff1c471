/**
 * Elements that run code, load another document or steer the page (its base URL, its
 * metadata, its style sheets): none belongs in page content. The editor drops them before
 * anything reaches its same-origin canvas, and the server refuses a regenerated component
 * that holds one, so what the model may write and what the editor may show stay one list.
 */
export const UNSAFE_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'noscript',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'frame',
  'frameset',
  'portal',
]);
