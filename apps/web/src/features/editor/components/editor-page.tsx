import { useParams } from 'react-router';
import { useEditorView } from '../api/get-editor-view';
import type { EditorKind } from '../editor-target';
import { editorTarget, targetKey } from '../editor-target';
import { EditorScreen } from './editor-screen';
import { EditorLoadError, EditorSkeleton } from './editor-states';

export type { EditorKind } from '../editor-target';

/**
 * /projects/:id/edit, /projects/:id/page/:slug/edit, /projects/:id/service/:slug/edit and
 * /projects/:id/city/:cityId/edit: loads the editor data, then the editor. GrapesJS itself is
 * a further lazy chunk inside the screen, so this route stays light.
 */
export default function EditorPage({ kind }: { kind: EditorKind }) {
  const params = useParams();
  const target = editorTarget(kind, params);
  const view = useEditorView(target);

  // A failed refetch after a save keeps the editor open: the canvas holds the user's work.
  if (view.data) {
    return (
      <EditorScreen
        key={`${target.projectId}/${targetKey(target)}`}
        target={target}
        view={view.data}
      />
    );
  }
  if (view.isError) return <EditorLoadError projectId={target.projectId} error={view.error} />;
  return <EditorSkeleton />;
}
