import { createHash } from 'node:crypto';
import { normalMarkup, pageSections } from '@cityforge/shared/html';
import type { PageState } from './versions.repo.ts';

/**
 * A fingerprint of each section of a page as it was generated (section key → print), stored
 * with the page (pages.section_prints, cities.section_prints): a section whose print no longer
 * matches was changed by hand. Prints are of the sections' normal form (page-sections.ts in
 * the shared package), so the editor re-serialising a page it did not change is no edit.
 */
export type SectionPrints = Record<string, string>;

/** The page's meta tags, printed beside its sections; whitespace keeps it off any id. */
export const META_KEY = 'meta tags';
/** In place of a print: the owner's own section, kept by every regeneration until replaced. */
export const EDITED = 'edited';
/** In place of a print: a section the owner removed, left out of regenerated pages too. */
export const REMOVED = 'removed';

export function fingerprint(normal: string): string {
  return createHash('sha256').update(normal).digest('hex').slice(0, 24);
}

export const metaPrint = (metaTags: string) => fingerprint(normalMarkup(metaTags));

/** The prints of a page as written now: what a page job stores with a page it wrote. */
export function printsOf(page: PageState): SectionPrints {
  const prints: SectionPrints = {};
  for (const section of pageSections(page.contentHtml))
    prints[section.key] = fingerprint(section.normal);
  prints[META_KEY] = metaPrint(page.metaTags);
  return prints;
}
