import type { Component, Editor } from 'grapesjs';

// Everything outside main#main (skip link, site header, breadcrumbs, footer) comes from the
// project's settings and is shared by every page: shown for context, never editable here.
// Not `locked`: GrapesJS draws locked elements with pointer-events:none, so a click on the
// sticky site header would fall through to the (hidden) content underneath and select it.
const LOCKED = {
  selectable: false,
  hoverable: false,
  highlightable: false,
  editable: false,
  removable: false,
  draggable: false,
  droppable: false,
  copyable: false,
  badgable: false,
  layerable: false,
  stylable: false,
} as const;

/** main#main stays where it is and cannot be removed or copied, but content drops into it. */
const CONTENT_ROOT = {
  removable: false,
  draggable: false,
  copyable: false,
  droppable: true,
  stylable: false,
  badgable: true,
  name: 'Page content',
};

/** The body (and any element holding main) is structure: nothing lands beside main. */
const STRUCTURE = {
  selectable: false,
  hoverable: false,
  highlightable: false,
  removable: false,
  draggable: false,
  droppable: false,
  copyable: false,
  stylable: false,
  badgable: false,
} as const;

/**
 * Applies the locks and answers the component that holds the page's own content: main#main,
 * or the body itself for a document without one (then nothing is locked).
 */
export function applyLocks(editor: Editor): Component | undefined {
  const wrapper = editor.getWrapper();
  if (!wrapper) return undefined;
  const main = wrapper.find('main#main')[0];
  if (!main) return wrapper;
  wrapper.onAll((cmp) => {
    if (cmp === main) {
      cmp.set(CONTENT_ROOT);
      // No id or title traits: renaming its id would lose the content area on the next load.
      cmp.setTraits([]);
    } else if (cmp.isChildOf(main)) return;
    else if (main.isChildOf(cmp)) cmp.set(STRUCTURE);
    else cmp.set(LOCKED);
  });
  return main;
}

/** Strictly inside the content root: what regenerate, traits and images may act on. */
export function isInContent(cmp: Component | undefined, root: Component | undefined): boolean {
  return !!cmp && !!root && cmp !== root && cmp.isChildOf(root);
}
