import { EditorSelection } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { closeSearchPanel, openSearchPanel, searchPanelOpen } from '@codemirror/search';
import { tagEdit } from './insert-tag';
import type { InsertTag } from './insert-tag';

/**
 * Edits the toolbar, the side panels and Format make to the editor. Each is one transaction,
 * so one Ctrl+Z undoes it, and each hands focus back to the text so typing carries on.
 */

/** Wraps or inserts `tag` at every selection range (the editor allows several). */
export function insertTag(view: EditorView, tag: InsertTag): void {
  const { state } = view;
  view.dispatch(
    state.changeByRange((range) => {
      const edit = tagEdit(tag, state.sliceDoc(range.from, range.to));
      const at = edit.replacesSelection ? range.from : range.to;
      return {
        changes: { from: at, to: edit.replacesSelection ? range.to : at, insert: edit.insert },
        range: EditorSelection.range(at + edit.anchor, at + edit.head),
      };
    }),
    { scrollIntoView: true, userEvent: 'input' },
  );
  view.focus();
}

/** Puts the cursor at `offset` (a tag or a problem) and scrolls it to the middle of the view. */
export function goTo(view: EditorView, offset: number): void {
  const at = Math.min(Math.max(offset, 0), view.state.doc.length);
  view.dispatch({
    selection: { anchor: at },
    effects: EditorView.scrollIntoView(at, { y: 'center' }),
  });
  view.focus();
}

/** Swaps the whole text (Format, Clear) as an ordinary, undoable edit. */
export function replaceDocument(view: EditorView, text: string, cursor = 0): void {
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    selection: { anchor: Math.min(Math.max(cursor, 0), text.length) },
    scrollIntoView: true,
    userEvent: 'input',
  });
  view.focus();
}

/** Opens CodeMirror's find and replace panel (Ctrl+F does the same from the text). */
export function openFindReplace(view: EditorView): void {
  openSearchPanel(view);
}

/** Closes the find panel if it is open; false when there was none to close. */
export function closeFindReplace(view: EditorView): boolean {
  if (!searchPanelOpen(view.state)) return false;
  closeSearchPanel(view);
  view.focus();
  return true;
}
