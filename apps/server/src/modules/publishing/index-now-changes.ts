import type { MemoFiles } from './build-memo.ts';
import { pagePathOf } from './site-output.ts';

/** Page addresses ('/', '/states/texas') by how they differ from the last deploy. */
export type SiteChanges = { changed: string[]; added: string[]; removed: string[] };

// The 404 page answers at no address of its own (no canonical, not in the sitemap).
const addressOf = (file: string) => (file === '/404.html' ? null : pagePathOf(file));

/**
 * What a deploy changed, page by page, from the memo of the last deploy to the same site and
 * this build's: a page is added or removed by its file, changed when its SHA1 differs. Without
 * a last deploy to this site every page is added.
 */
export function siteChanges(previous: MemoFiles | undefined, next: MemoFiles): SiteChanges {
  const before = previous ?? {};
  const changes: SiteChanges = { changed: [], added: [], removed: [] };
  for (const [file, [, sha]] of Object.entries(next)) {
    const address = addressOf(file);
    if (address === null) continue;
    if (!Object.hasOwn(before, file)) changes.added.push(address);
    else if (before[file]![1] !== sha) changes.changed.push(address);
  }
  for (const file of Object.keys(before)) {
    const address = addressOf(file);
    if (address !== null && !Object.hasOwn(next, file)) changes.removed.push(address);
  }
  for (const list of Object.values(changes)) list.sort();
  return changes;
}
