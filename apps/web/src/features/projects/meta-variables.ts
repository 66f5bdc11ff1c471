export interface TextEdit {
  value: string;
  /** Where the caret goes afterwards: just past the inserted text. */
  cursor: number;
}

/**
 * Inserts `text` at the caret of a text box, replacing the selection if there is one. Positions
 * out of range (a box that was never focused reports 0 or the length) are clamped.
 */
export function insertAtCursor(
  value: string,
  selectionStart: number | null,
  selectionEnd: number | null,
  text: string,
): TextEdit {
  const clamp = (n: number | null, fallback: number) =>
    n === null || !Number.isFinite(n) ? fallback : Math.min(Math.max(0, n), value.length);
  const start = clamp(selectionStart, value.length);
  const end = Math.max(start, clamp(selectionEnd, start));
  return { value: value.slice(0, start) + text + value.slice(end), cursor: start + text.length };
}
