import { useState } from 'react';
import type { FormEvent } from 'react';
import { MAX_FRAGMENT_CHARS, MSG, ZRegenerate } from '@cityforge/shared';
import type { TEditorView } from '@cityforge/shared';
import { toast } from '../../../components/ui/toast';
import { errorMessage, serverMessage } from '../../../lib/api-errors';
import { useAiModels } from '../../../lib/ai-models';
import { useRegenerateComponent } from '../api/regenerate-component';
import type { CanvasHandle } from '../canvas-handle';
import type { EditorTarget } from '../editor-target';
import { ownerFields } from '../editor-target';
import { defaultRegenerateModel, regenerateModels } from '../editor-rules';

const ZPrompt = ZRegenerate.pick({ prompt: true });

/**
 * The regenerate box's state: prompt, model (the project's by default), whether the current
 * page goes to versions, and the submit that captures the selected component when the request
 * leaves and replaces it (kept selected) when the new HTML comes back.
 */
export function useRegenerateBox({
  target,
  view,
  handle,
  projectModel,
}: {
  target: EditorTarget;
  view: TEditorView;
  handle: CanvasHandle;
  projectModel: string | undefined;
}) {
  const models = useAiModels();
  const usable = regenerateModels(models.data);
  const regenerate = useRegenerateComponent(target);
  const [prompt, setPrompt] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [saveHistory, setSaveHistory] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const model = chosen ?? defaultRegenerateModel(usable, projectModel);

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

  function changePrompt(value: string) {
    setPrompt(value);
    if (error) setError(null);
  }

  return {
    models,
    usable,
    model,
    setModel: setChosen,
    noModel: models.isSuccess && usable.length === 0,
    prompt,
    changePrompt,
    error,
    saveHistory,
    setSaveHistory,
    pending: regenerate.isPending,
    submit: (event: FormEvent) => void submit(event),
  };
}
