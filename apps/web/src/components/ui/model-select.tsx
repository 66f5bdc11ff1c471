import type { Ref } from 'react';
import { DEFAULT_MODEL_ID, MSG } from '@cityforge/shared';
import type { TAiModel } from '@cityforge/shared';
import { SelectField } from './select';
import type { SelectFieldProps } from './select';

const PROVIDER_KEY: Record<TAiModel['provider'], string> = {
  offline: '',
  openrouter: 'an OpenRouter key',
  openai: 'an OpenAI key',
};

function optionLabel(model: TAiModel): string {
  return model.available ? model.name : `${model.name} (needs ${PROVIDER_KEY[model.provider]})`;
}

/**
 * The model selector fed by GET /api/ai-models/. Models the user has no key for are listed
 * but disabled, with a hint pointing to the profile.
 */
export function ModelSelect({
  models,
  loading,
  failed,
  error,
  placeholder,
  ref,
  ...rest
}: Omit<SelectFieldProps, 'label' | 'children' | 'placeholder'> & {
  models: readonly TAiModel[] | undefined;
  loading: boolean;
  failed: boolean;
  error?: string;
  /** An empty first choice ("Select a model"), for forms where no model is chosen yet. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}) {
  const someUnavailable = models?.some((m) => !m.available) ?? false;
  const hint = failed
    ? MSG.fetchModelsFailed
    : someUnavailable
      ? 'Models marked “needs … key” become available once you add that key in your profile.'
      : undefined;
  return (
    <SelectField label="Model" hint={hint} error={error} ref={ref} disabled={loading} {...rest}>
      {loading ? <option value={DEFAULT_MODEL_ID}>Loading models...</option> : null}
      {!loading && placeholder !== undefined ? (
        <option value="" disabled>
          {placeholder}
        </option>
      ) : null}
      {!loading && placeholder === undefined && (!models || models.length === 0) ? (
        <option value={DEFAULT_MODEL_ID}>{DEFAULT_MODEL_ID}</option>
      ) : null}
      {(models ?? []).map((m) => (
        <option key={m.id} value={m.id} disabled={!m.available}>
          {optionLabel(m)}
        </option>
      ))}
    </SelectField>
  );
}
