import { useEffect, useEffectEvent, useState } from 'react';
import type { TEditorView } from '@cityforge/shared';
import { useProjectImages } from '../api/get-project-images';
import type {
  CanvasCallbacks,
  CanvasDevice,
  CanvasHandle,
  CanvasSelection,
} from '../canvas-handle';
import type { PageSettings } from '../editor-rules';
import { sameSettings } from '../editor-rules';
import type { EditorTarget } from '../editor-target';
import { readPageDocument } from '../page-document';
import type { PageDocument } from '../page-document';
import { useEditorSave } from '../use-editor-save';
import { useHtmlEditor } from './use-html-editor';
import { usePageProposal } from './use-page-proposal';
import { useVersionLoader } from './use-version-loader';

function settingsOf(view: TEditorView): PageSettings {
  return {
    metaTags: view.page.meta_tags,
    trackingCodeHead: view.project.trackingCodeHead,
    trackingCodeBody: view.project.trackingCodeBody,
  };
}

/**
 * What the editor is editing: the canvas and its selection, the page settings as saved and as
 * edited, and what works on them (save, versions, the HTML editor, a regenerated proposal).
 */
export function useEditorSession(target: EditorTarget, view: TEditorView) {
  // The canvas is built from the document as first loaded; refetches (after a save) only
  // refresh the versions list and must not reset what the user is editing.
  const [page] = useState(() => readPageDocument(view.page.complete_html));
  const [handle, setHandle] = useState<CanvasHandle | null>(null);
  const [selection, setSelection] = useState<CanvasSelection | null>(null);
  const [device, setDevice] = useState<CanvasDevice>('desktop');
  const [canvasDirty, setCanvasDirty] = useState(false);
  const [saved, setSaved] = useState<PageSettings>(() => settingsOf(view));
  const [settings, setSettings] = useState<PageSettings>(saved);
  const [compareOpen, setCompareOpen] = useState(false);
  const { save, saving } = useEditorSave({
    target,
    view,
    handle,
    settings,
    onSaved: ({ settings: sent, canvasSaved }) => {
      setSaved(sent);
      if (canvasSaved) setCanvasDirty(false);
    },
  });
  const withMetaTags = (metaTags: string) => (s: PageSettings) => ({ ...s, metaTags });
  const versions = useVersionLoader({
    target,
    view,
    handle,
    onMetaTags: (metaTags) => setSettings(withMetaTags(metaTags)),
  });
  const htmlEditor = useHtmlEditor({ handle, save });
  const proposal = usePageProposal({
    target,
    view,
    onPicked: (answer, use) => {
      setCompareOpen(false);
      if (use !== 'proposed' || !handle) return;
      // The regenerated page is now the saved page: the canvas shows it, with nothing unsaved.
      void handle.replaceSavedContent(answer.page.contentHtml).then(() => setCanvasDirty(false));
      setSaved(withMetaTags(answer.page.metaTags));
      setSettings(withMetaTags(answer.page.metaTags));
    },
  });
  useProjectAssets(target.projectId, handle);
  useFieldSaveShortcut(!htmlEditor.open, save);

  function changeDevice(next: CanvasDevice) {
    setDevice(next);
    handle?.setDevice(next);
  }
  return {
    handle,
    selection,
    /** What the canvas is built from, and how it tells the screen what happens in it. */
    canvasProps: {
      page,
      onReady: setHandle,
      onSelection: setSelection,
      onDirty: setCanvasDirty,
      onSaveShortcut: () => (htmlEditor.open ? undefined : void save()),
    } satisfies CanvasCallbacks & { page: PageDocument },
    device,
    changeDevice,
    settings,
    setSettings,
    dirty: canvasDirty || !sameSettings(settings, saved),
    save,
    saving,
    versions,
    htmlEditor,
    proposal,
    compare: { open: compareOpen, setOpen: setCompareOpen },
  };
}
export type EditorSession = ReturnType<typeof useEditorSession>;

/** The project's images join the canvas's Asset Manager once both are there. */
function useProjectAssets(projectId: string, handle: CanvasHandle | null) {
  const images = useProjectImages(projectId);
  useEffect(() => {
    if (handle && images.data) handle.addAssets(images.data.map((image) => image.src));
  }, [handle, images.data]);
}

function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.matches('input, textarea, select');
}

/** Ctrl/Cmd+S in the side panel's fields (GrapesJS's own shortcut ignores text fields). */
function useFieldSaveShortcut(enabled: boolean, save: () => Promise<boolean>) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const isSave = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's';
    if (!isSave || !enabled || !isTextField(event.target)) return;
    event.preventDefault();
    void save();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
