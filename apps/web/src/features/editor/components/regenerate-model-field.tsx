import { Link } from 'react-router';
import type { TAiModel } from '@cityforge/shared';
import { SelectField } from '../../../components/ui/select';

/**
 * The regenerate box's model choice; a pointer to the profile when no model has a key, and
 * nothing when the list could not be read (the server then uses the project's model).
 */
export function RegenerateModelField({
  usable,
  model,
  onModel,
  loading,
  failed,
  noModel,
  disabled,
}: {
  usable: readonly TAiModel[];
  model: string;
  onModel: (id: string) => void;
  loading: boolean;
  failed: boolean;
  noModel: boolean;
  disabled: boolean;
}) {
  if (noModel) {
    return (
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
        Regenerating needs an AI model with a key.{' '}
        <Link to="/profile" className="font-medium underline underline-offset-2">
          Add an OpenRouter or OpenAI key in your profile
        </Link>
        .
      </p>
    );
  }
  if (failed) return null;
  return (
    <SelectField
      label="Model"
      value={model}
      onChange={(e) => onModel(e.target.value)}
      disabled={loading || disabled}
      className="h-9"
    >
      {loading ? <option value="">Loading models...</option> : null}
      {usable.map((m) => (
        <option key={m.id} value={m.id}>
          {m.name}
        </option>
      ))}
    </SelectField>
  );
}
