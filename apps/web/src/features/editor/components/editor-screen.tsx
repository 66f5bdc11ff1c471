import { lazy, Suspense, useState } from 'react';
import { MSG } from '@cityforge/shared';
import type { TEditorView } from '@cityforge/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useProject } from '../../../lib/project';
import { previewPathOf, type EditorTarget } from '../editor-target';
import { EditorToolbar } from './editor-toolbar';
import { LeaveGuard } from './leave-guard';
import { LockHint } from './lock-hint';
import { ProposalBar } from './proposal-bar';
import { ProposalDialog } from './proposal-dialog';
import { RegenerateBox } from './regenerate-box';
import { SettingsPanel } from './settings-panel';
import { useEditorSession, type EditorSession } from './use-editor-session';

// GrapesJS (and its CSS) is its own chunk, fetched once the editor data is here.
const EditorCanvas = lazy(() => import('../canvas/editor-canvas'));

/** The confirmation the header bar's Clear or Regenerate page has opened, if any. */
type Confirming = 'clear' | 'regenerate' | null;

/** The visual editor: header bar, lock hint, canvas with its floating box, settings panel. */
export function EditorScreen({ target, view }: { target: EditorTarget; view: TEditorView }) {
  const session = useEditorSession(target, view);
  const { handle, selection, proposal } = session;
  const project = useProject(target.projectId);
  const [panelOpen, setPanelOpen] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  return (
    <div className="flex h-dvh min-h-[32rem] flex-col bg-zinc-100">
      <EditorToolbar
        projectId={target.projectId}
        projectName={project.data?.name}
        previewHref={previewPathOf(target)}
        view={view}
        ready={handle !== null}
        dirty={session.dirty}
        saving={session.saving}
        device={session.device}
        onDevice={session.changeDevice}
        onUndo={() => handle?.undo()}
        onRedo={() => handle?.redo()}
        onSave={() => void session.save()}
        onClear={() => setConfirming('clear')}
        onUnselect={() => handle?.deselect()}
        settingsOpen={panelOpen}
        onToggleSettings={() => setPanelOpen((open) => !open)}
        onHtmlEditor={session.htmlEditor.show}
        onRegeneratePage={() => setConfirming('regenerate')}
        regenerating={proposal.requesting || proposal.phase === 'regenerating'}
      />
      <LockHint projectId={target.projectId} />
      <ProposalBar proposal={proposal} onCompare={() => session.compare.setOpen(true)} />
      <div className="flex min-h-0 flex-1">
        <CanvasArea session={session} target={target} view={view} model={project.data?.model} />
        {panelOpen ? (
          <SettingsPanel
            projectId={target.projectId}
            view={view}
            settings={session.settings}
            onSettings={session.setSettings}
            handle={handle}
            imageSelected={!!selection?.inContent && selection.isImage}
            loadingVersion={session.versions.loadingId}
            onLoadVersion={session.versions.load}
            onClose={() => setPanelOpen(false)}
          />
        ) : null}
      </div>
      <EditorDialogs session={session} confirming={confirming} onConfirming={setConfirming} />
      <LeaveGuard dirty={session.dirty} />
      {session.htmlEditor.dialog}
    </div>
  );
}

/** The page in GrapesJS and, over a selection in the content, the box that rewrites it. */
function CanvasArea({
  session,
  target,
  view,
  model,
}: {
  session: EditorSession;
  target: EditorTarget;
  view: TEditorView;
  model: string | undefined;
}) {
  const { handle, selection } = session;
  return (
    <div className="relative min-w-0 flex-1" data-testid="editor-canvas">
      <Suspense fallback={<LoadingBlock text="Loading the editor…" className="h-full" />}>
        <EditorCanvas {...session.canvasProps} />
      </Suspense>
      {handle && selection?.inContent ? (
        <RegenerateBox
          target={target}
          view={view}
          handle={handle}
          selection={selection}
          projectModel={model}
        />
      ) : null}
    </div>
  );
}

/** Clear content and Regenerate page, each confirmed first, and the regenerated page's compare. */
function EditorDialogs({
  session,
  confirming,
  onConfirming,
}: {
  session: EditorSession;
  confirming: Confirming;
  onConfirming: (next: Confirming) => void;
}) {
  const { proposal, compare } = session;
  const close = (open: boolean) => (open ? undefined : onConfirming(null));
  return (
    <>
      <ConfirmDialog
        open={confirming === 'clear'}
        onOpenChange={close}
        title={MSG.clearAllContent}
        description="Everything between the header and the footer is removed. The header and footer stay. Undo brings it back, and nothing changes on the site until you save."
        confirmLabel="Clear content"
        onConfirm={() => session.handle?.clearContent()}
      />
      <ConfirmDialog
        open={confirming === 'regenerate'}
        onOpenChange={close}
        variant="info"
        title="Regenerate this page?"
        description="The model writes the whole page again. Your page stays as it is: the new one appears beside it, section by section, and you choose which to keep. The other stays among the versions."
        confirmLabel="Regenerate page"
        onConfirm={proposal.regenerate}
      />
      {proposal.proposal?.proposed ? (
        <ProposalDialog
          open={compare.open}
          onOpenChange={compare.setOpen}
          proposal={proposal.proposal}
          dirty={session.dirty}
          picking={proposal.picking}
          onPick={proposal.choose}
        />
      ) : null}
    </>
  );
}
