export type Formatted = { formatted: string; cursorOffset: number };

/**
 * Formats with prettier's standalone build and its HTML plugin, loaded on first use so the
 * formatter (~250 KB, two chunks of their own) costs nothing until someone presses Format.
 * Embedded script and style bodies are kept as written: formatting them would need the
 * JavaScript and CSS plugins too, which page content rarely justifies.
 */
export async function formatHtml(source: string, cursorOffset: number): Promise<Formatted> {
  const [prettier, html] = await Promise.all([
    import('prettier/standalone'),
    import('prettier/plugins/html'),
  ]);
  return prettier.formatWithCursor(source, {
    parser: 'html',
    plugins: [html],
    cursorOffset: Math.min(Math.max(cursorOffset, 0), source.length),
    printWidth: 100,
  });
}

/**
 * The reason to show in the "Failed to format code" toast: prettier's first line (what and
 * where, e.g. `Unexpected closing tag "span". (3:5)`) without its code frame and spec link.
 */
export function formatErrorReason(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const first = message.split('\n', 1)[0] ?? '';
  return (
    first
      // Only from the start of a run of spaces: the message quotes the user's code.
      .replace(/(?<!\s)\s*For more info see \S+/, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
