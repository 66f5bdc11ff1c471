import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EDITOR_BLOCKS } from '../src/features/editor/blocks';
import { isUnsafeUrl } from '../src/features/editor/sanitize';

// The blocks style themselves only through the site theme: every class they use must be one
// the theme's stylesheet defines, or the block would look unstyled on the published site.
const THEME = readFileSync(
  new URL('../../server/src/modules/site/theme.ts', import.meta.url),
  'utf8',
);

function classesOf(html: string): string[] {
  return [...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => (m[1] ?? '').split(/\s+/));
}

describe('editor blocks', () => {
  it('has the blocks the editor promises', () => {
    const ids = EDITOR_BLOCKS.map((b) => b.id);
    for (const id of [
      'section',
      'heading',
      'text',
      'image',
      'button',
      'columns',
      'list',
      'quote',
    ]) {
      expect(ids).toContain(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(
    EDITOR_BLOCKS.filter((b) => typeof b.content === 'string').map((b) => [
      b.id,
      b.content as string,
    ]),
  )('%s uses only theme classes and safe links', (_id, html) => {
    for (const cls of classesOf(html)) expect(THEME).toMatch(new RegExp(`\\.${cls}\\b`));
    for (const [, href = ''] of html.matchAll(/href="([^"]*)"/g))
      expect(isUnsafeUrl(href)).toBe(false);
    expect(html).not.toMatch(/<script|\son\w+=|style=/i);
  });

  it('lets the image block open the Asset Manager', () => {
    const image = EDITOR_BLOCKS.find((b) => b.id === 'image');
    expect(image?.activate).toBe(true);
    expect(image?.content).toMatchObject({ type: 'image' });
  });
});
