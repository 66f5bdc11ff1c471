import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { ChevronDown, Sparkles, X } from 'lucide-react';
import { MAX_FRAGMENT_CHARS, MSG, ZRegenerate } from '@cityforge/shared';
import type { TEditorView } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox, TextAreaField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { errorMessage, serverMessage } from '../../../lib/api-errors';
import { cn } from '../../../lib/cn';
import { useAiModels } from '../../../lib/ai-models';
import { useRegenerateComponent } from '../api/regenerate-component';
import type { CanvasHandle, CanvasSelection } from '../canvas-handle';
import type { EditorTarget } from '../editor-target';
import { ownerFields } from '../editor-target';
import { defaultRegenerateModel, regenerateModels } from '../editor-rules';

const ZPrompt = ZRegenerate.pick({ prompt: true });

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
  const models = useAiModels();
  const usable = regenerateModels(models.data);
  const regenerate = useRegenerateComponent(target);
  const [prompt, setPrompt] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [saveHistory, setSaveHistory] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState(false);
  const model = chosen ?? defaultRegenerateModel(usable, projectModel);
  const noModel = models.isSuccess && usable.length === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZPrompt.safeParse({ prompt });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a prompt.');
      return;
    }
    await handle.commitEditing();
    const component = handle.regenerateTarget();
    if (!component) return;
    if (component.html.length > MAX_FRAGMENT_CHARS) {
      setError('This component is too large to regenerate. Select a smaller part of it.');
      return;
    }
    setError(null);
    try {
      const answer = await regenerate.mutateAsync({
        html: component.html,
        prompt: parsed.data.prompt,
        is_service_page: view.is_service_page,
        save_history: saveHistory,
        model: model || undefined,
        ...ownerFields(target, view.page.id),
      });
      if (!component.replace(answer.html)) {
        toast.error(MSG.regenerateFailed, {
          message: 'The component was removed while it was being rewritten.',
        });
        return;
      }
      toast.success(MSG.componentRegenerated, { message: '' });
    } catch (failure) {
      toast.error(MSG.regenerateFailed, {
        message: serverMessage(failure) ?? errorMessage(failure, ''),
      });
    }
  }

  return (
    <section
      aria-labelledby="regenerate-title"
      data-testid="regenerate-box"
      className="absolute right-4 bottom-4 z-20 w-[23rem] max-w-[calc(100%-2rem)] animate-fade-in rounded-xl border border-zinc-200 bg-white shadow-overlay"
    >
      <header className="flex items-center gap-2 border-b border-zinc-100 px-3 py-2">
        <Sparkles className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
        <h2 id="regenerate-title" className="min-w-0 flex-1 truncate text-sm font-semibold">
          {MSG.regenerateSelected}
        </h2>
        <button
          type="button"
          aria-label={collapsed ? 'Expand' : 'Collapse'}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed((c) => !c)}
          className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
        >
          <ChevronDown className={cn('size-4 transition-transform', collapsed && 'rotate-180')} />
        </button>
        <button
          type="button"
          aria-label="Close"
          title="Close (deselects the component)"
          onClick={() => handle.deselect()}
          className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </header>
      {collapsed ? null : (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3 p-3">
          <p className="text-xs text-zinc-500">
            Selected: <span className="font-medium text-zinc-800">{selection.name}</span>
          </p>
          <TextAreaField
            label="Prompt"
            value={prompt}
            onChange={(e) => {
              setPrompt(e.target.value);
              if (error) setError(null);
            }}
            placeholder="e.g. Make this friendlier and mention same-day service"
            error={error ?? undefined}
            className="min-h-20 text-sm"
            disabled={regenerate.isPending}
          />
          {noModel ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
              Regenerating needs an AI model with a key.{' '}
              <Link to="/profile" className="font-medium underline underline-offset-2">
                Add an OpenRouter or OpenAI key in your profile
              </Link>
              .
            </p>
          ) : models.isError ? null : (
            <SelectField
              label="Model"
              value={model}
              onChange={(e) => setChosen(e.target.value)}
              disabled={models.isPending || regenerate.isPending}
              className="h-9"
            >
              {models.isPending ? <option value="">Loading models...</option> : null}
              {usable.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </SelectField>
          )}
          <Checkbox
            label="Keep the current page in versions"
            checked={saveHistory}
            onChange={(e) => setSaveHistory(e.target.checked)}
            disabled={regenerate.isPending}
          />
          <Button
            type="submit"
            className="w-full"
            loading={regenerate.isPending}
            disabled={noModel}
            icon={<Sparkles className="size-4" aria-hidden="true" />}
          >
            {regenerate.isPending ? 'Regenerating…' : 'Regenerate'}
          </Button>
        </form>
      )}
    </section>
  );
}
