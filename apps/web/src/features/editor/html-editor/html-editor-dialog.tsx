import type { JSX, KeyboardEvent } from 'react';
import { Dialog as RDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { Dialog, useFocusReturn } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { CodeEditor } from './code-editor';
import { EditorFooter } from './editor-footer';
import { EditorToolbar } from './editor-toolbar';
import { ElementTreePanel } from './element-tree-panel';
import { modifierLabel, shortcutOf } from './status-bar';
import { TagErrorsPanel } from './tag-errors-panel';
import { useHtmlEditor } from './use-html-editor';

export type HtmlEditorDialogProps = {
  open: boolean;
  /** The HTML to edit (the page's main content from the canvas). Read when the dialog opens. */
  html: string;
  /** Apply: put the HTML into the canvas. May throw; the dialog then toasts MSG.updateHtmlFailed and stays open. */
  onApply: (html: string) => void;
  /** Ctrl+S: apply and save the page. The caller raises the 'HTML saved' / 'Failed to save' toasts; the dialog stays open and shows a busy state while the promise runs. */
  onSave: (html: string) => Promise<void>;
  /** Cancel / Escape / closing the dialog: discard the edits. */
  onCancel: () => void;
};

/**
 * The HTML editor dialog: the page's HTML in CodeMirror with an insert-tag toolbar,
 * Format, Clear, find and replace, an element tree, counts and the tag-error list. Lazy-loaded
 * by the visual editor, so CodeMirror stays out of the entry chunk.
 */
export default function HtmlEditorDialog(props: HtmlEditorDialogProps): JSX.Element {
  return (
    <Dialog open={props.open} onOpenChange={(next) => (next ? undefined : props.onCancel())}>
      {props.open ? <HtmlEditorContent {...props} /> : null}
    </Dialog>
  );
}

type Editor = ReturnType<typeof useHtmlEditor>;

/**
 * The visual editor beneath listens on the document for keys such as Backspace and Delete
 * (delete the selected block): keys typed here are for this dialog only. Its own shortcuts
 * save and format.
 */
function onDialogKey(e: KeyboardEvent, editor: Editor) {
  e.stopPropagation();
  const shortcut = shortcutOf(e);
  if (!shortcut) return;
  e.preventDefault();
  if (shortcut === 'save') void editor.save();
  else void editor.format();
}

// The ui/dialog DialogContent has no hooks for Escape or outside clicks, and this dialog needs
// both, so it is composed from the same Radix parts with the same look.
function HtmlEditorContent({ html, onApply, onSave, onCancel }: HtmlEditorDialogProps) {
  const editor = useHtmlEditor({ initialHtml: html, onApply, onSave });
  const mod = modifierLabel(navigator.platform);
  const focusReturn = useFocusReturn();
  return (
    <RDialog.Portal>
      <RDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-zinc-950/40 backdrop-blur-[2px]" />
      <RDialog.Content
        aria-busy={editor.saving || undefined}
        // Anchored near the top and kept clear of the bottom 7rem, where toasts appear: a
        // "Version loaded" or "Failed to format code" toast must not cover Apply and Cancel.
        className={cn(
          'fixed top-2 left-1/2 z-50 flex -translate-x-1/2 flex-col gap-3 sm:top-6',
          'h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] sm:h-[calc(100dvh-8.5rem)] sm:w-[90vw]',
          'animate-pop-in rounded-xl border border-zinc-200 bg-white p-3 shadow-overlay sm:p-5',
        )}
        // The text, not the close button, gets focus on open (CodeEditor autofocuses).
        onOpenAutoFocus={(e) => e.preventDefault()}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
        // Radix sees Escape before CodeMirror does: an open find panel takes it first.
        onEscapeKeyDown={(e) => {
          if (editor.closeFind()) e.preventDefault();
        }}
        // A stray click beside a large editor must not throw away the edits (nor may clicking
        // a toast, which sits outside the dialog).
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
        onKeyDown={(e) => onDialogKey(e, editor)}
      >
        {focusReturn.remember}
        <DialogHeading mod={mod} />
        <EditorToolbar
          onInsert={editor.insert}
          onFind={editor.openFind}
          onFormat={() => void editor.format()}
          onClear={editor.clear}
          formatting={editor.formatting}
          mod={mod}
        />
        <EditorPanes html={html} editor={editor} />
        <EditorFooter
          stats={editor.stats}
          problemCount={editor.problems.length}
          saving={editor.saving}
          mod={mod}
          onCancel={onCancel}
          onApply={editor.apply}
        />
      </RDialog.Content>
    </RDialog.Portal>
  );
}

/** The dialog's title, what Apply and the save shortcut do, and its close button. */
function DialogHeading({ mod }: { mod: string }) {
  return (
    <>
      <div className="min-w-0 pr-8">
        <RDialog.Title className="text-lg font-semibold text-zinc-950">HTML Editor</RDialog.Title>
        <RDialog.Description className="sr-only text-sm text-zinc-500 sm:not-sr-only">
          Edit the page&apos;s content as HTML. Apply puts it into the canvas; {mod}+S also saves
          the page.
        </RDialog.Description>
      </div>
      <RDialog.Close
        aria-label="Close"
        className="absolute top-4 right-4 rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
      >
        <X className="size-4" aria-hidden="true" />
      </RDialog.Close>
    </>
  );
}

/** The source in CodeMirror beside (or, when narrow, above) its outline and tag errors. */
function EditorPanes({ html, editor }: { html: string; editor: Editor }) {
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 lg:flex-row">
      <div className="min-h-0 min-w-0 flex-1 overflow-hidden rounded-lg border border-zinc-300 shadow-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500">
        <CodeEditor
          initialValue={html}
          label="HTML source"
          onChange={editor.onChange}
          onReady={editor.onReady}
        />
      </div>
      <aside
        aria-label="Document outline"
        className="flex h-[38%] min-h-0 shrink-0 flex-col overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50/60 lg:h-auto lg:w-72 xl:w-80"
      >
        <ElementTreePanel nodes={editor.tree} onSelect={editor.goTo} />
        <TagErrorsPanel problems={editor.problems} onSelect={editor.goTo} />
      </aside>
    </div>
  );
}
