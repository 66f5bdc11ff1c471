import type { Component, Editor } from 'grapesjs';
import type { CanvasDevice, CanvasHandle } from '../canvas-handle';
import { sanitizeFragment } from '../sanitize';
import { isInContent } from './locks';

/** The CanvasHandle over a loaded GrapesJS editor; root is main#main (see applyLocks). */
export function createCanvasHandle(
  editor: Editor,
  contentRoot: () => Component | undefined,
): CanvasHandle {
  const root = () => {
    const cmp = contentRoot();
    if (!cmp) throw new Error('The page has no content area.');
    return cmp;
  };

  return {
    async commitEditing() {
      const view = editor.getEditing()?.getView() as
        { disableEditing?: () => Promise<void> } | undefined;
      await view?.disableEditing?.();
    },
    pageHtml: () => editor.getHtml(),
    contentHtml: () => root().getInnerHTML(),
    setContentHtml(html) {
      editor.select();
      root().components(sanitizeFragment(html));
    },
    async replaceSavedContent(html) {
      editor.select();
      root().components(sanitizeFragment(html));
      // GrapesJS counts a change on one timer and announces it on the next: the count is
      // cleared once both have run, and an update tells the screen the canvas is clean.
      for (let i = 0; i < 2; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      editor.clearDirtyCount();
      editor.trigger('update');
    },
    clearContent() {
      editor.select();
      root().components('');
    },
    deselect: () => editor.select(),
    regenerateTarget() {
      const selected = editor.getSelected();
      if (!selected || !isInContent(selected, contentRoot())) return null;
      return {
        html: selected.toHTML(),
        replace(html) {
          // Removed (or its section cleared) while the server was writing: nothing to replace.
          if (!isInContent(selected, contentRoot())) return false;
          const added = selected.replaceWith(sanitizeFragment(html));
          editor.select(added[0]);
          return true;
        },
      };
    },
    setSelectedImageSrc(src) {
      const selected = editor.getSelected();
      if (!selected?.is('image') || !isInContent(selected, contentRoot())) return false;
      selected.set('src', src);
      return true;
    },
    addAssets(srcs) {
      const fresh = srcs.filter((src) => !editor.Assets.get(src));
      if (fresh.length) editor.Assets.add(fresh.map((src) => ({ type: 'image', src })));
    },
    setDevice: (device: CanvasDevice) => editor.setDevice(device),
    undo: () => editor.UndoManager.undo(),
    redo: () => editor.UndoManager.redo(),
    markSaved: () => editor.clearDirtyCount(),
  };
}
