import {
  Code2,
  Eraser,
  Eye,
  Monitor,
  MousePointer2,
  PanelRight,
  Redo2,
  Save,
  Smartphone,
  Sparkles,
  Tablet,
  Undo2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { TEditorView } from '@cityforge/shared';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import type { ButtonProps } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { CanvasDevice } from '../canvas-handle';
import { KIND_LABEL } from '../editor-target';
import { BackToProject } from '../../../components/ui/back-links';

const DEVICES: { value: CanvasDevice; label: string; icon: ReactNode }[] = [
  { value: 'desktop', label: 'Desktop width', icon: <Monitor aria-hidden="true" /> },
  { value: 'tablet', label: 'Tablet width', icon: <Tablet aria-hidden="true" /> },
  { value: 'phone', label: 'Phone width', icon: <Smartphone aria-hidden="true" /> },
];

function IconButton({
  label,
  onClick,
  disabled,
  pressed,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'flex size-7 items-center justify-center rounded-md text-zinc-500 transition-colors disabled:opacity-40 [&_svg]:size-4',
        pressed ? 'bg-white text-zinc-900 shadow-xs' : 'hover:text-zinc-900',
      )}
    >
      {children}
    </button>
  );
}

export interface EditorToolbarProps {
  projectId: string;
  projectName: string | undefined;
  view: TEditorView;
  ready: boolean;
  dirty: boolean;
  saving: boolean;
  device: CanvasDevice;
  onDevice: (device: CanvasDevice) => void;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  onClear: () => void;
  onUnselect: () => void;
  settingsOpen: boolean;
  onToggleSettings: () => void;
  onHtmlEditor: () => void;
  /** Writes the page again; the new one waits beside this one to compare. */
  onRegeneratePage: () => void;
  /** A regeneration was asked for or is being written. */
  regenerating: boolean;
  /** The page's preview (its saved state), opened in a new tab. */
  previewHref: string;
}

/** The editor's header bar: back, what is edited, canvas width, undo, and the spec's buttons. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { ready } = props;
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b border-zinc-200 bg-white px-3">
      <BackToProject
        projectId={props.projectId}
        variant="ghost"
        size="sm"
        className="gap-1 px-2"
        testId="editor-back"
      >
        Project
      </BackToProject>
      <span className="h-6 w-px bg-zinc-200" aria-hidden="true" />
      <EditorTitle view={props.view} projectName={props.projectName} dirty={props.dirty} />
      <div className="hidden items-center gap-1 rounded-lg border border-zinc-200 bg-zinc-50 p-0.5 lg:flex">
        {DEVICES.map((d) => (
          <IconButton
            key={d.value}
            label={d.label}
            pressed={props.device === d.value}
            disabled={!ready}
            onClick={() => props.onDevice(d.value)}
          >
            {d.icon}
          </IconButton>
        ))}
      </div>
      <div className="hidden items-center gap-0.5 sm:flex">
        <IconButton label="Undo (Ctrl+Z)" onClick={props.onUndo} disabled={!ready}>
          <Undo2 aria-hidden="true" />
        </IconButton>
        <IconButton label="Redo (Ctrl+Shift+Z)" onClick={props.onRedo} disabled={!ready}>
          <Redo2 aria-hidden="true" />
        </IconButton>
      </div>
      <span className="hidden h-6 w-px bg-zinc-200 sm:block" aria-hidden="true" />
      <EditorActions {...props} />
    </header>
  );
}

/** The page's name and kind, its project, and whether everything is saved. */
function EditorTitle({
  view,
  projectName,
  dirty,
}: Pick<EditorToolbarProps, 'view' | 'projectName' | 'dirty'>) {
  return (
    <div className="min-w-0 flex-1">
      <div className="flex min-w-0 items-center gap-2">
        <h1 className="truncate text-sm font-semibold text-zinc-900" data-testid="editor-title">
          {view.name}
        </h1>
        <Badge variant="brand" className="shrink-0">
          {KIND_LABEL[view.kind]}
        </Badge>
      </div>
      <p className="flex min-w-0 items-center gap-1.5 truncate text-xs text-zinc-500">
        {projectName ? <span className="truncate">{projectName}</span> : null}
        {projectName ? <span aria-hidden="true">·</span> : null}
        <span
          data-testid="editor-save-state"
          className={cn('flex items-center gap-1', dirty && 'font-medium text-amber-700')}
        >
          <span
            aria-hidden="true"
            className={cn('size-1.5 rounded-full', dirty ? 'bg-amber-500' : 'bg-emerald-500')}
          />
          {dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
      </p>
    </div>
  );
}

/** A small button of the bar with its icon before the words. */
function BarButton({
  icon: Icon,
  ...rest
}: Omit<ButtonProps, 'icon' | 'size'> & { icon: LucideIcon }) {
  return <Button size="sm" icon={<Icon className="size-4" aria-hidden="true" />} {...rest} />;
}

/** Preview, Unselect, Clear, Regenerate page, HTML Editor, Additional Settings and Save. */
function EditorActions(props: EditorToolbarProps) {
  const { ready, regenerating, settingsOpen } = props;
  return (
    <div className="flex items-center gap-1.5">
      <a
        href={props.previewHref}
        target="_blank"
        rel="noopener"
        title="Preview the saved page in a new tab"
        data-testid="editor-preview"
        className={buttonClasses('ghost', 'sm', 'gap-1.5')}
      >
        <Eye className="size-4" aria-hidden="true" /> Preview
      </a>
      <BarButton variant="ghost" icon={MousePointer2} onClick={props.onUnselect} disabled={!ready}>
        Unselect
      </BarButton>
      <BarButton variant="ghost" icon={Eraser} onClick={props.onClear} disabled={!ready}>
        Clear
      </BarButton>
      <BarButton
        variant="outline"
        icon={Sparkles}
        onClick={props.onRegeneratePage}
        disabled={!ready || regenerating}
        loading={regenerating}
      >
        Regenerate page
      </BarButton>
      <BarButton variant="outline" icon={Code2} onClick={props.onHtmlEditor} disabled={!ready}>
        HTML Editor
      </BarButton>
      <BarButton
        variant={settingsOpen ? 'secondary' : 'outline'}
        aria-pressed={settingsOpen}
        aria-controls={settingsOpen ? 'editor-settings' : undefined}
        icon={PanelRight}
        onClick={props.onToggleSettings}
      >
        Additional Settings
      </BarButton>
      <BarButton icon={Save} onClick={props.onSave} loading={props.saving} disabled={!ready}>
        Save
      </BarButton>
    </div>
  );
}
