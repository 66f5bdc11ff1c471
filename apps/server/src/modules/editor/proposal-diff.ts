import { pageSections, textBlocks, type PageSection } from '@cityforge/shared/html';
import type { TProposalSection } from '@cityforge/shared';
import { interleave } from '../pages/index.ts';

const LABEL_CHARS = 120;

const textOf = (section: PageSection | undefined) =>
  section ? textBlocks(section.html).map((b) => b.text) : [];

function labelOf(section: PageSection): string {
  const heading = textBlocks(section.html).find((b) => /^h[1-6]$/.test(b.tag));
  return heading ? heading.text.slice(0, LABEL_CHARS) : section.key;
}

/**
 * The current page beside the regenerated one, section by section in the regenerated page's
 * order, sections only the current page has after the one they followed. Sections compare by
 * their normal form, so the editor's re-serialisation of a page is no change.
 */
export function compareSections(currentHtml: string, proposedHtml: string): TProposalSection[] {
  const mine = pageSections(currentHtml);
  const theirs = pageSections(proposedHtml);
  const mineByKey = new Map(mine.map((s) => [s.key, s]));
  return interleave(theirs, mine, () => true).map((entry) => {
    const proposed = 'first' in entry ? entry.first : undefined;
    const current = 'first' in entry ? mineByKey.get(entry.first.key) : entry.other;
    const status = !proposed
      ? 'removed'
      : !current
        ? 'added'
        : current.normal === proposed.normal
          ? 'same'
          : 'changed';
    return {
      key: (proposed ?? current)!.key,
      label: labelOf((proposed ?? current)!),
      status,
      current: current?.html ?? null,
      proposed: proposed?.html ?? null,
      currentText: textOf(current),
      proposedText: textOf(proposed),
    };
  });
}
