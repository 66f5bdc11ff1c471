import { useState } from 'react';
import { MSG } from '@cityforge/shared';
import { ModelSelect } from '../ui/model-select';
import { toast } from '../ui/toast';
import { isApiError } from '../../lib/api-errors';
import { uploadDefaultModel, useAiModels } from '../../lib/ai-models';

/**
 * The model an upload's pages are written with: preselected as the spec says (a Claude 3.7
 * Sonnet, or the first model the user can use) until the owner picks one, and what is wrong
 * with it, from the form's check or from the server.
 */
export function useUploadModel() {
  const models = useAiModels();
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const model = picked ?? uploadDefaultModel(models.data ?? []);
  return {
    models,
    model,
    error,
    pick(next: string) {
      setPicked(next);
      setError(undefined);
    },
    /** The model to send, or null (said on the field and in a toast) when there is none. */
    check(): string | null {
      setError(model ? undefined : MSG.modelRequired);
      if (!model) toast.warning(MSG.modelRequiredToast);
      return model || null;
    },
    /** Puts the server's word on the model, when the refusal named it. */
    refused(failure: unknown) {
      const message = isApiError(failure) ? failure.fieldErrors?.model : undefined;
      if (message) setError(message);
    },
  };
}
export type UploadModel = ReturnType<typeof useUploadModel>;

/** The upload's model, required, with "Select a model" until one is chosen. */
export function UploadModelSelect({
  choice,
  disabled,
}: {
  choice: UploadModel;
  disabled: boolean;
}) {
  const { models } = choice;
  return (
    <ModelSelect
      models={models.data}
      loading={models.isPending}
      failed={models.isError}
      placeholder="Select a model"
      value={choice.model}
      error={choice.error}
      disabled={disabled || models.isPending}
      required
      onChange={(e) => choice.pick(e.target.value)}
    />
  );
}
