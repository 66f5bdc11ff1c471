import { useRef } from 'react';
import { MSG } from '@cityforge/shared';
import type { TEditorView } from '@cityforge/shared';
import { toast } from '../../components/ui/toast';
import { errorMessage, serverMessage } from '../../lib/api-errors';
import { useSavePage } from './api/save-page';
import type { CanvasHandle } from './canvas-handle';
import type { EditorTarget } from './editor-target';
import type { PageSettings } from './editor-rules';
import { savePayload } from './editor-rules';

export interface SaveOptions {
  /** The success toast's title: "Saved successfully", or "HTML saved" from the HTML editor. */
  successTitle?: string;
}

/**
 * Save: the canvas HTML, main's content, the meta tags and (not on service pages) the
 * tracking codes. What was sent becomes the saved state only if nothing changed meanwhile,
 * so an edit made while the request was in flight still counts as unsaved.
 */
export function useEditorSave({
  target,
  view,
  handle,
  settings,
  onSaved,
}: {
  target: EditorTarget;
  view: TEditorView;
  handle: CanvasHandle | null;
  settings: PageSettings;
  /** What was sent is now saved; canvasSaved is false when the canvas changed meanwhile. */
  onSaved: (saved: { settings: PageSettings; canvasSaved: boolean }) => void;
}) {
  const mutation = useSavePage(target, view.page.id);
  // isPending only updates on the next render; two Ctrl+S in a row must not send twice.
  const inFlight = useRef(false);

  async function save(options: SaveOptions = {}): Promise<boolean> {
    if (!handle || inFlight.current) return false;
    inFlight.current = true;
    try {
      await handle.commitEditing();
      const sent = { html: handle.pageHtml(), contentHtml: handle.contentHtml(), settings };
      const answer = await mutation.mutateAsync(
        savePayload({ ...sent, isServicePage: view.is_service_page }),
      );
      if (!answer.success) throw new Error(answer.message || MSG.saveFailed);
      const canvasSaved = handle.pageHtml() === sent.html;
      if (canvasSaved) handle.markSaved();
      onSaved({ settings: sent.settings, canvasSaved });
      toast.success(options.successTitle ?? MSG.savedSuccessfully, { message: answer.message });
      return true;
    } catch (error) {
      toast.error(MSG.saveFailed, { message: serverMessage(error) ?? errorMessage(error, '') });
      return false;
    } finally {
      inFlight.current = false;
    }
  }

  return { save, saving: mutation.isPending };
}
