import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import type { TEditorView } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox, TextAreaField } from '../../../components/ui/input';
import type { CanvasHandle, CanvasSelection } from '../canvas-handle';
import type { EditorTarget } from '../editor-target';
import { RegenerateBoxHeader } from './regenerate-box-header';
import { RegenerateModelField } from './regenerate-model-field';
import { useRegenerateBox } from './use-regenerate-box';

/**
 * The floating 'Regenerate Selected Component' box, docked bottom-right of the canvas while a
 * component inside the page content is selected. The selected component is captured when
 * the request leaves, and replaced (and kept selected) when the new HTML comes back.
 */
export function RegenerateBox({
  target,
  view,
  handle,
  selection,
  projectModel,
}: {
  target: EditorTarget;
  view: TEditorView;
  handle: CanvasHandle;
  selection: CanvasSelection;
  projectModel: string | undefined;
}) {
  const box = useRegenerateBox({ target, view, handle, projectModel });
  const [collapsed, setCollapsed] = useState(false);
  return (
    <section
      aria-labelledby="regenerate-title"
      data-testid="regenerate-box"
      className="absolute right-4 bottom-4 z-20 w-[23rem] max-w-[calc(100%-2rem)] animate-fade-in rounded-xl border border-zinc-200 bg-white shadow-overlay"
    >
      <RegenerateBoxHeader
        collapsed={collapsed}
        onToggle={() => setCollapsed((c) => !c)}
        onClose={() => handle.deselect()}
      />
      {collapsed ? null : (
        <form onSubmit={box.submit} noValidate className="space-y-3 p-3">
          <p className="text-xs text-zinc-500">
            Selected: <span className="font-medium text-zinc-800">{selection.name}</span>
          </p>
          <TextAreaField
            label="Prompt"
            value={box.prompt}
            onChange={(e) => box.changePrompt(e.target.value)}
            placeholder="e.g. Make this friendlier and mention same-day service"
            error={box.error ?? undefined}
            className="min-h-20 text-sm"
            disabled={box.pending}
          />
          <RegenerateModelField
            usable={box.usable}
            model={box.model}
            onModel={box.setModel}
            loading={box.models.isPending}
            failed={box.models.isError}
            noModel={box.noModel}
            disabled={box.pending}
          />
          <Checkbox
            label="Keep the current page in versions"
            checked={box.saveHistory}
            onChange={(e) => box.setSaveHistory(e.target.checked)}
            disabled={box.pending}
          />
          <Button
            type="submit"
            className="w-full"
            loading={box.pending}
            disabled={box.noModel}
            icon={<Sparkles className="size-4" aria-hidden="true" />}
          >
            {box.pending ? 'Regenerating…' : 'Regenerate'}
          </Button>
        </form>
      )}
    </section>
  );
}
