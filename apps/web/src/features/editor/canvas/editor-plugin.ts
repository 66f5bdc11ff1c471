import type { Component, Editor } from 'grapesjs';
import type { CanvasCallbacks } from '../canvas-handle';
import type { PageDocument } from '../page-document';
import { createCanvasHandle } from './canvas-handle-impl';
import { injectThemeOnFrameLoad } from './frame-styles';
import { applyLocks, isInContent } from './locks';

/**
 * The screen's latest handlers. GrapesJS is created once and keeps the listeners it was given,
 * while the screen passes new handlers on every render; listeners read them from here.
 */
export class CallbackBridge {
  private callbacks: CanvasCallbacks;
  constructor(callbacks: CanvasCallbacks) {
    this.callbacks = callbacks;
  }
  update(callbacks: CanvasCallbacks): void {
    this.callbacks = callbacks;
  }
  get current(): CanvasCallbacks {
    return this.callbacks;
  }
}

/**
 * Runs inside grapesjs.init, before the content loads and the frame renders, so the frame-load
 * hook and the type changes are in place in time.
 */
export function cityforgePlugin(page: PageDocument, callbacks: CallbackBridge) {
  return (editor: Editor) => {
    injectThemeOnFrameLoad(editor, page);

    // Images get an editable address next to their alt text (the default traits are alt only).
    editor.Components.addType('image', {
      model: {
        defaults: {
          traits: ['alt', { name: 'src', label: 'Image URL', changeProp: true }],
        },
      },
    });

    // force: also while a text is being edited, which is when people press it most.
    editor.Keymaps.add('cityforge:save', '⌘+s, ctrl+s', () => callbacks.current.onSaveShortcut(), {
      prevent: true,
      force: true,
    });

    let root: Component | undefined;
    const reportSelection = () => {
      const selected = editor.getSelected();
      callbacks.current.onSelection(
        selected
          ? {
              name: selected.getName(),
              inContent: isInContent(selected, root),
              isImage: selected.is('image'),
            }
          : null,
      );
    };
    editor.on('component:selected component:deselected', reportSelection);
    editor.on('update', () => callbacks.current.onDirty(editor.getDirtyCount() > 0));
    // GrapesJS counts a text edit only when the text editor closes; typing is already an
    // unsaved change (the header says so and leaving the page warns).
    editor.on('canvas:frame:load', ({ window }: { window: Window }) => {
      window.document.addEventListener('input', () => callbacks.current.onDirty(true));
    });

    // 'load' comes after GrapesJS cleared its undo stack and change count for the loaded
    // content; the locks are set then and cleared the same way, so they are not an edit.
    editor.on('load', () => {
      root = applyLocks(editor);
      editor.UndoManager.clear();
      editor.clearDirtyCount();
      callbacks.current.onReady(createCanvasHandle(editor, () => root));
    });
  };
}
