import { pageSections } from '@cityforge/shared/html';
import {
  EDITED,
  fingerprint,
  META_KEY,
  metaPrint,
  printsOf,
  REMOVED,
  type SectionPrints,
} from './section-prints.ts';
import { isSavedName, isSnapshotName } from './versions.ts';
import type { PageState } from './versions.repo.ts';

/** What the owner changed by hand on a page, as its prints tell. */
export type Edits = {
  /** Sections whose print no longer matches, and sections the owner added. */
  sections: Set<string>;
  /** Sections the generated page had that the owner removed. */
  removed: Set<string>;
  meta: boolean;
};

export const NO_EDITS: Edits = { sections: new Set(), removed: new Set(), meta: false };

export const hasEdits = (edits: Edits) =>
  edits.sections.size > 0 || edits.removed.size > 0 || edits.meta;

export function editsOf(page: PageState, prints: SectionPrints | null): Edits {
  if (!prints) return NO_EDITS;
  const sections = pageSections(page.contentHtml);
  const present = new Set(sections.map((s) => s.key));
  const meta = prints[META_KEY];
  return {
    sections: new Set(
      sections.filter((s) => prints[s.key] !== fingerprint(s.normal)).map((s) => s.key),
    ),
    removed: new Set(Object.keys(prints).filter((k) => k !== META_KEY && !present.has(k))),
    meta: meta !== undefined && meta !== metaPrint(page.metaTags),
  };
}

type Version = PageState & { name: string; proposed: boolean };

/**
 * For a page written before prints existed: the prints of the page as generated, when its
 * versions show the owner edited it. The evidence is the editor's own trail: the newest saved
 * version ("Version N") still is the page, and the snapshot before those saves ("Original" or
 * "Before editing") is what was generated. Proposals and section snapshots are stepped over.
 * Without that trail (never saved, or rewritten since the last save) the page is as generated.
 */
export function legacyPrints(current: PageState, newestFirst: Version[]): SectionPrints | null {
  const trail = newestFirst.filter(
    (v) => !v.proposed && (isSavedName(v.name) || isSnapshotName(v.name)),
  );
  const newest = trail[0];
  if (!newest || !isSavedName(newest.name)) return null;
  if (newest.contentHtml !== current.contentHtml || newest.metaTags !== current.metaTags)
    return null;
  const generated = trail.find((v) => isSnapshotName(v.name));
  return generated ? printsOf(generated) : null;
}

type Keyed = { key: string };

/**
 * The sections of `first` in their order, with those of `other` that `extra` picks placed
 * after the section they followed in their own page (at the top when they led it), so a
 * section `first` lacks keeps its place among its neighbours.
 */
export function interleave<A extends Keyed, B extends Keyed>(
  first: A[],
  other: B[],
  extra: (section: B) => boolean,
): Array<{ first: A } | { other: B }> {
  const keys = new Set(first.map((s) => s.key));
  const after = new Map<string | null, B[]>();
  let anchor: string | null = null;
  for (const section of other) {
    if (keys.has(section.key)) anchor = section.key;
    else if (extra(section)) {
      const list = after.get(anchor) ?? [];
      if (!list.length) after.set(anchor, list);
      list.push(section);
    }
  }
  const others = (key: string | null) => (after.get(key) ?? []).map((b) => ({ other: b }));
  return [...others(null), ...first.flatMap((a) => [{ first: a }, ...others(a.key)])];
}

type Placed = { key: string; html: string; print: string };

/**
 * The regenerated page with the owner's edits kept: an edited section replaces the new one of
 * the same key; one the new page has no place for stays after the section it followed (at the
 * top when it led the page); a removed section stays out; edited meta tags stay. Kept sections
 * are printed EDITED and removed ones REMOVED, so the next regeneration keeps them again.
 */
export function keepEdits(
  current: PageState,
  edits: Edits,
  fresh: PageState,
): { page: PageState; prints: SectionPrints } {
  const mine = pageSections(current.contentHtml);
  const byKey = new Map(mine.map((s) => [s.key, s]));
  const placed: Placed[] = [];
  for (const section of pageSections(fresh.contentHtml)) {
    if (edits.removed.has(section.key)) continue;
    const kept = edits.sections.has(section.key) ? byKey.get(section.key) : undefined;
    placed.push(
      kept
        ? { key: section.key, html: kept.html, print: EDITED }
        : { key: section.key, html: section.html, print: fingerprint(section.normal) },
    );
  }
  const ordered = interleave(placed, mine, (s) => edits.sections.has(s.key)).map((entry) =>
    'first' in entry
      ? entry.first
      : { key: entry.other.key, html: entry.other.html, print: EDITED },
  );

  const prints: SectionPrints = {};
  for (const p of ordered) prints[p.key] = p.print;
  for (const key of edits.removed) prints[key] = REMOVED;
  prints[META_KEY] = edits.meta ? EDITED : metaPrint(fresh.metaTags);
  return {
    page: {
      contentHtml: ordered.map((p) => p.html).join('\n'),
      metaTags: edits.meta ? current.metaTags : fresh.metaTags,
    },
    prints,
  };
}
