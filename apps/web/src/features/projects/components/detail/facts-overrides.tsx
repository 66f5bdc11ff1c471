import { TextAreaField, TextField } from '../../../../components/ui/input';
import type { FactsForm, FactsFormErrors } from '../../facts-form';

type Overrides = Pick<FactsForm, 'photo' | 'pageTitle' | 'metaDescription'>;

const TEMPLATE_HINT = "Leave empty to use the project's meta template.";

/** The place's photo and its own page title and meta description, beside its facts. */
export function FactsOverrides({
  city,
  form,
  errors,
  photoNote,
  disabled,
  onChange,
}: {
  city: string;
  form: Overrides;
  errors: FactsFormErrors;
  /** Why the stored photo could not be fetched, when it could not. */
  photoNote: string | null;
  disabled: boolean;
  onChange: (patch: Partial<Overrides>) => void;
}) {
  const photoHint = photoNote
    ? `Not fetched: ${photoNote}`
    : `An https address of a photo of your work in ${city}; it is published with the site.`;
  return (
    <>
      <TextField
        label="Photo address"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={form.photo}
        error={errors.photo}
        hint={photoHint}
        disabled={disabled}
        onChange={(e) => onChange({ photo: e.target.value })}
      />
      <TextField
        label="Page title"
        value={form.pageTitle}
        error={errors.pageTitle}
        hint={TEMPLATE_HINT}
        disabled={disabled}
        onChange={(e) => onChange({ pageTitle: e.target.value })}
      />
      <TextAreaField
        label="Meta description"
        rows={2}
        value={form.metaDescription}
        error={errors.metaDescription}
        hint={TEMPLATE_HINT}
        disabled={disabled}
        onChange={(e) => onChange({ metaDescription: e.target.value })}
      />
    </>
  );
}
