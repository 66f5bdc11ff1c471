import { useDeferredValue, useMemo, useRef, useState } from 'react';
import type { EditorView } from '@codemirror/view';
import { MSG } from '@cityforge/shared';
import { buildElementTree, checkTags } from '@cityforge/shared/html';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  closeFindReplace,
  goTo,
  insertTag,
  openFindReplace,
  replaceDocument,
} from './editor-commands';
import { formatErrorReason, formatHtml } from './format-html';
import type { InsertTag } from './insert-tag';
import { textStats } from './status-bar';

/** Tag checks and the element tree rerun once typing pauses this long. */
export const TAG_CHECK_DEBOUNCE_MS = 150;

type Options = {
  initialHtml: string;
  onApply: (html: string) => void;
  onSave: (html: string) => Promise<void>;
};

/** The HTML editor's state and actions, apart from its layout. */
export function useHtmlEditor({ initialHtml, onApply, onSave }: Options) {
  const viewRef = useRef<EditorView | null>(null);
  const [text, setText] = useState(initialHtml);
  const [saving, setSaving] = useState(false);
  const [formatting, setFormatting] = useState(false);

  const checked = useDebouncedValue(text, TAG_CHECK_DEBOUNCE_MS);
  const problems = useMemo(() => checkTags(checked), [checked]);
  const tree = useMemo(() => buildElementTree(checked), [checked]);
  // Counts follow every keystroke, but a long page must not make typing wait for them.
  const deferredText = useDeferredValue(text);
  const stats = useMemo(() => textStats(deferredText), [deferredText]);

  /** The text right now, even inside the keystroke that has not re-rendered yet. */
  const current = () => viewRef.current?.state.doc.toString() ?? text;
  // Stable, so the memoised panels and the editor skip the re-render each keystroke causes.
  const viewActions = useMemo(
    () => ({
      onReady: (view: EditorView) => {
        viewRef.current = view;
      },
      clear: () => {
        if (viewRef.current) replaceDocument(viewRef.current, '');
      },
      openFind: () => {
        if (viewRef.current) openFindReplace(viewRef.current);
      },
      insert: (tag: InsertTag) => {
        if (viewRef.current) insertTag(viewRef.current, tag);
      },
      goTo: (offset: number) => {
        if (viewRef.current) goTo(viewRef.current, offset);
      },
      /** Escape closes the find panel first; true when it did, so the dialog stays open. */
      closeFind: () => (viewRef.current ? closeFindReplace(viewRef.current) : false),
    }),
    [],
  );

  function apply() {
    try {
      onApply(current());
    } catch (error) {
      toast.error(MSG.updateHtmlFailed, { message: errorMessage(error, '') });
    }
  }

  async function save() {
    if (saving) return;
    setSaving(true);
    try {
      await onSave(current());
    } catch {
      // The caller raises 'Failed to save'; the dialog only has to stay open and usable.
    } finally {
      setSaving(false);
    }
  }

  async function format() {
    const view = viewRef.current;
    if (!view || formatting) return;
    const before = view.state.doc;
    setFormatting(true);
    try {
      const result = await formatHtml(before.toString(), view.state.selection.main.head);
      // Typing while the formatter loaded wins: replacing it would silently drop keystrokes.
      if (view.state.doc === before) replaceDocument(view, result.formatted, result.cursorOffset);
    } catch (error) {
      toast.error(MSG.formatFailed, { message: formatErrorReason(error) });
    } finally {
      setFormatting(false);
    }
  }

  return {
    stats,
    problems,
    tree,
    saving,
    formatting,
    onChange: setText,
    apply,
    save,
    format,
    ...viewActions,
  };
}
