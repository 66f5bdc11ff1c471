/**
 * What the status bar says: the source's counts, recomputed on every change, and the
 * editor's shortcuts (Ctrl+S saves, Ctrl+Shift+F formats) with their hints.
 */
import { scanMarkup } from '@cityforge/shared/html';

export type TextStats = { lines: number; characters: number; words: number };

export const COUNT_TITLES = {
  lines: 'Lines in the source',
  characters: 'Characters in the source, tags included',
  words:
    'Words of the text without tags: whitespace-separated runs, comments, scripts and styles left out',
} as const;

const HIDDEN_RAW = new Set(['script', 'style']);

/**
 * Text the page shows, roughly: enough to count words, not to render. Tags and comments
 * separate words. One pass of the shared tokenizer: it runs on every change of a page that
 * may be a megabyte, where tag patterns rescanned the rest of the page at each bare `<`.
 */
export function visibleText(html: string): string {
  const parts: string[] = [];
  let hidden = false;
  let lastEnd = -1;
  scanMarkup(html, {
    openTag({ name, selfClosing }) {
      if (HIDDEN_RAW.has(name) && !selfClosing) hidden = true;
    },
    closeTag(name) {
      if (HIDDEN_RAW.has(name)) hidden = false;
    },
    text(start, end) {
      if (hidden) return;
      // Pieces that touch had no tag or comment between them: "1 < 2" comes in two.
      parts.push(start === lastEnd ? '' : ' ', html.slice(start, end));
      lastEnd = end;
    },
  });
  return parts.join('').replace(/&nbsp;|&#160;/gi, ' ');
}

export function textStats(html: string): TextStats {
  // Matches the editor's gutter, which numbers an empty document's one line too.
  let lines = 1;
  for (let i = html.indexOf('\n'); i >= 0; i = html.indexOf('\n', i + 1)) lines++;
  // Counting matches instead of collecting them keeps a megabyte page cheap to recount.
  let words = 0;
  const word = /\S+/g;
  const text = visibleText(html);
  while (word.exec(text)) words++;
  return { lines, characters: html.length, words };
}

/** "1,234 words": the count in US English with the unit in singular or plural. */
export function formatCount(count: number, unit: string): string {
  return `${count.toLocaleString('en-US')} ${unit}${count === 1 ? '' : 's'}`;
}

export type Shortcut = 'save' | 'format';

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

export function shortcutOf(event: KeyLike): Shortcut | null {
  // Cmd on macOS, Ctrl elsewhere; Alt combinations belong to the browser and the OS.
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 's' && !event.shiftKey) return 'save';
  if (key === 'f' && event.shiftKey) return 'format';
  return null;
}

/** Key names as the user's keyboard labels them, for the hints in the footer. */
export function modifierLabel(platform: string): string {
  return /mac|iphone|ipad/i.test(platform) ? '⌘' : 'Ctrl';
}
