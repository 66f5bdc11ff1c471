import { memo, useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import type { BasicSetupOptions } from '@uiw/react-codemirror';
import { EditorView } from '@codemirror/view';
import { html } from '@codemirror/lang-html';
import { search } from '@codemirror/search';
import { editorTheme } from './editor-theme';

// basicSetup brings line numbers, folding, bracket matching, history and the search keymap.
// The completion popup is off because Escape must cancel the dialog: with a popup open the
// same key would either close it or throw the user's edits away, and lang-html's closing of
// tags as you type covers most of what completion offered.
const SETUP: BasicSetupOptions = { autocompletion: false, highlightActiveLine: true };

export type CodeEditorProps = {
  /** The text the editor starts with; later edits go through the view, not this prop. */
  initialValue: string;
  label: string;
  onChange: (value: string) => void;
  onReady: (view: EditorView) => void;
};

/**
 * The source pane. Uncontrolled on purpose: feeding a megabyte page back through `value` on
 * every keystroke would compare and copy it each render, and programmatic edits (toolbar,
 * Format, Clear) dispatch to the view so they land in the undo history.
 */
export const CodeEditor = memo(function CodeEditor({
  initialValue,
  label,
  onChange,
  onReady,
}: CodeEditorProps) {
  const extensions = useMemo(
    () => [
      html(),
      search({ top: true }),
      // Page HTML from the visual editor is often one long line; wrapping keeps it readable.
      EditorView.lineWrapping,
      // tabindex states what contenteditable already implies, so checkers see that the
      // scrolling pane has a keyboard stop (axe's scrollable-region-focusable).
      EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
      editorTheme,
    ],
    [label],
  );
  return (
    <CodeMirror
      value={initialValue}
      autoFocus
      height="100%"
      className="h-full"
      basicSetup={SETUP}
      // Tab moves focus on, as everywhere else in the app; Ctrl+] and Ctrl+[ indent.
      indentWithTab={false}
      extensions={extensions}
      onChange={onChange}
      onCreateEditor={onReady}
    />
  );
});
