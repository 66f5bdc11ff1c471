import { useState } from 'react';
import { MSG } from '@cityforge/shared';
import type { TEditorView, TPageVersion } from '@cityforge/shared';
import { toast } from '../../../components/ui/toast';
import { errorMessage, serverMessage } from '../../../lib/api-errors';
import { useLoadVersion } from '../api/get-version-html';
import type { CanvasHandle } from '../canvas-handle';
import type { EditorTarget } from '../editor-target';
import { ownerFields } from '../editor-target';

/**
 * Load (Versions list): the version's content replaces main#main's and its meta tags fill the
 * meta box. Nothing is saved: the page is now "unsaved" until the user saves it, and Undo
 * brings back what the canvas held.
 */
export function useVersionLoader({
  target,
  view,
  handle,
  onMetaTags,
}: {
  target: EditorTarget;
  view: TEditorView;
  handle: CanvasHandle | null;
  onMetaTags: (metaTags: string) => void;
}) {
  const mutation = useLoadVersion(target.projectId);
  const [loadingId, setLoadingId] = useState<string | null>(null);

  async function load(version: TPageVersion) {
    if (!handle || loadingId) return;
    setLoadingId(version.id);
    try {
      const answer = await mutation.mutateAsync({
        project_id: target.projectId,
        is_service_page: view.is_service_page,
        version_id: version.id,
        ...ownerFields(target, view.page.id),
      });
      if (!answer.success) throw new Error(answer.message || MSG.loadVersionFailed);
      handle.setContentHtml(answer.html);
      onMetaTags(answer.meta_tags);
      toast.success(MSG.versionLoaded, {
        message: `${version.name} is in the editor. Save to keep it.`,
      });
    } catch (error) {
      toast.error(MSG.loadVersionFailed, {
        message: serverMessage(error) ?? errorMessage(error, ''),
      });
    } finally {
      setLoadingId(null);
    }
  }

  return { loadingId, load: (version: TPageVersion) => void load(version) };
}
