import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { MSG } from '@cityforge/shared';
import type { TEditorView } from '@cityforge/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useProject } from '../../../lib/project';
import { useProjectImages } from '../api/get-project-images';
import type { CanvasDevice, CanvasHandle, CanvasSelection } from '../canvas-handle';
import type { PageSettings } from '../editor-rules';
import { sameSettings } from '../editor-rules';
import { previewPathOf, type EditorTarget } from '../editor-target';
import { readPageDocument } from '../page-document';
import { useEditorSave } from '../use-editor-save';
import { EditorToolbar } from './editor-toolbar';
import { LeaveGuard } from './leave-guard';
import { LockHint } from './lock-hint';
import { ProposalBar } from './proposal-bar';
import { ProposalDialog } from './proposal-dialog';
import { RegenerateBox } from './regenerate-box';
import { SettingsPanel } from './settings-panel';
import { useHtmlEditor } from './use-html-editor';
import { usePageProposal } from './use-page-proposal';
import { useVersionLoader } from './use-version-loader';

// GrapesJS (and its CSS) is its own chunk, fetched once the editor data is here.
const EditorCanvas = lazy(() => import('../canvas/editor-canvas'));

function settingsOf(view: TEditorView): PageSettings {
  return {
    metaTags: view.page.meta_tags,
    trackingCodeHead: view.project.trackingCodeHead,
    trackingCodeBody: view.project.trackingCodeBody,
  };
}

function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.matches('input, textarea, select');
}

/** The visual editor: header bar, lock hint, canvas with its floating box, settings panel. */
export function EditorScreen({ target, view }: { target: EditorTarget; view: TEditorView }) {
  // The canvas is built from the document as first loaded; refetches (after a save) only
  // refresh the versions list and must not reset what the user is editing.
  const [page] = useState(() => readPageDocument(view.page.complete_html));
  const [handle, setHandle] = useState<CanvasHandle | null>(null);
  const [selection, setSelection] = useState<CanvasSelection | null>(null);
  const [canvasDirty, setCanvasDirty] = useState(false);
  const [saved, setSaved] = useState<PageSettings>(() => settingsOf(view));
  const [settings, setSettings] = useState<PageSettings>(saved);
  const [panelOpen, setPanelOpen] = useState(false);
  const [clearOpen, setClearOpen] = useState(false);
  const [regenerateOpen, setRegenerateOpen] = useState(false);
  const [compareOpen, setCompareOpen] = useState(false);
  const [device, setDevice] = useState<CanvasDevice>('desktop');
  const project = useProject(target.projectId);
  const images = useProjectImages(target.projectId);
  const dirty = canvasDirty || !sameSettings(settings, saved);

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
  const versions = useVersionLoader({
    target,
    view,
    handle,
    onMetaTags: (metaTags) => setSettings((s) => ({ ...s, metaTags })),
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
      setSaved((s) => ({ ...s, metaTags: answer.page.metaTags }));
      setSettings((s) => ({ ...s, metaTags: answer.page.metaTags }));
    },
  });

  useEffect(() => {
    if (handle && images.data) handle.addAssets(images.data.map((image) => image.src));
  }, [handle, images.data]);

  // Ctrl/Cmd+S in the side panel's fields (GrapesJS's own shortcut ignores text fields).
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const isSave = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's';
    if (!isSave || htmlEditor.open || !isTextField(event.target)) return;
    event.preventDefault();
    void save();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  return (
    <div className="flex h-dvh min-h-[32rem] flex-col bg-zinc-100">
      <EditorToolbar
        projectId={target.projectId}
        projectName={project.data?.name}
        previewHref={previewPathOf(target)}
        view={view}
        ready={handle !== null}
        dirty={dirty}
        saving={saving}
        device={device}
        onDevice={(next) => {
          setDevice(next);
          handle?.setDevice(next);
        }}
        onUndo={() => handle?.undo()}
        onRedo={() => handle?.redo()}
        onSave={() => void save()}
        onClear={() => setClearOpen(true)}
        onUnselect={() => handle?.deselect()}
        settingsOpen={panelOpen}
        onToggleSettings={() => setPanelOpen((open) => !open)}
        onHtmlEditor={htmlEditor.show}
        onRegeneratePage={() => setRegenerateOpen(true)}
        regenerating={proposal.requesting || proposal.phase === 'regenerating'}
      />
      <LockHint projectId={target.projectId} />
      <ProposalBar proposal={proposal} onCompare={() => setCompareOpen(true)} />
      <div className="flex min-h-0 flex-1">
        <div className="relative min-w-0 flex-1" data-testid="editor-canvas">
          <Suspense fallback={<LoadingBlock text="Loading the editor…" className="h-full" />}>
            <EditorCanvas
              page={page}
              onReady={setHandle}
              onSelection={setSelection}
              onDirty={setCanvasDirty}
              onSaveShortcut={() => {
                if (!htmlEditor.open) void save();
              }}
            />
          </Suspense>
          {handle && selection?.inContent ? (
            <RegenerateBox
              target={target}
              view={view}
              handle={handle}
              selection={selection}
              projectModel={project.data?.model}
            />
          ) : null}
        </div>
        {panelOpen ? (
          <SettingsPanel
            projectId={target.projectId}
            view={view}
            settings={settings}
            onSettings={setSettings}
            handle={handle}
            imageSelected={!!selection?.inContent && selection.isImage}
            loadingVersion={versions.loadingId}
            onLoadVersion={versions.load}
            onClose={() => setPanelOpen(false)}
          />
        ) : null}
      </div>
      <ConfirmDialog
        open={clearOpen}
        onOpenChange={setClearOpen}
        title={MSG.clearAllContent}
        description="Everything between the header and the footer is removed. The header and footer stay. Undo brings it back, and nothing changes on the site until you save."
        confirmLabel="Clear content"
        onConfirm={() => handle?.clearContent()}
      />
      <ConfirmDialog
        open={regenerateOpen}
        onOpenChange={setRegenerateOpen}
        variant="info"
        title="Regenerate this page?"
        description="The model writes the whole page again. Your page stays as it is: the new one appears beside it, section by section, and you choose which to keep. The other stays among the versions."
        confirmLabel="Regenerate page"
        onConfirm={proposal.regenerate}
      />
      {proposal.proposal?.proposed ? (
        <ProposalDialog
          open={compareOpen}
          onOpenChange={setCompareOpen}
          proposal={proposal.proposal}
          dirty={dirty}
          picking={proposal.picking}
          onPick={proposal.choose}
        />
      ) : null}
      <LeaveGuard dirty={dirty} />
      {htmlEditor.dialog}
    </div>
  );
}
