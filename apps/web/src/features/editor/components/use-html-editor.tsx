import { lazy, Suspense, useState } from 'react';
import { MSG } from '@cityforge/shared';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import type { CanvasHandle } from '../canvas-handle';
import type { SaveOptions } from '../use-editor-save';

// CodeMirror and prettier are the dialog's own chunk, fetched the first time it opens.
const HtmlEditorDialog = lazy(() => import('../html-editor/html-editor-dialog'));

/**
 * The HTML Editor button: opens the dialog on main#main's HTML. Apply puts the edited HTML in
 * the canvas; Ctrl+S in the dialog applies it and saves the page.
 */
export function useHtmlEditor({
  handle,
  save,
}: {
  handle: CanvasHandle | null;
  save: (options?: SaveOptions) => Promise<boolean>;
}) {
  // null until first opened, so the dialog's chunk is not fetched before it is wanted.
  const [html, setHtml] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  async function show() {
    if (!handle) return;
    await handle.commitEditing();
    setHtml(handle.contentHtml());
    setOpen(true);
  }

  const dialog =
    handle && html !== null ? (
      <Suspense
        fallback={
          <div className="fixed inset-0 z-50 grid place-items-center bg-zinc-950/30">
            <Spinner size="lg" label="Opening the HTML editor" className="text-white" />
          </div>
        }
      >
        <HtmlEditorDialog
          open={open}
          html={html}
          onApply={(next) => {
            handle.setContentHtml(next);
            setOpen(false);
          }}
          onSave={async (next) => {
            try {
              handle.setContentHtml(next);
            } catch (error) {
              toast.error(MSG.updateHtmlFailed, {
                message: error instanceof Error ? error.message : undefined,
              });
              throw error;
            }
            if (!(await save({ successTitle: MSG.htmlSaved }))) throw new Error(MSG.saveFailed);
          }}
          onCancel={() => setOpen(false)}
        />
      </Suspense>
    ) : null;

  return { open, show: () => void show(), dialog };
}
