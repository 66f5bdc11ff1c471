import type { FieldValues } from 'react-hook-form';
import { FormTextField } from '../../../components/forms/form-field';
import type { FieldForm } from '../../../components/forms/form-field';

/** The sign-in screens' Email field, focused as the screen opens. */
export function AuthEmailField<T extends FieldValues & { email: string }>({
  form,
}: {
  form: FieldForm<T>;
}) {
  // Every sign-in form has the field (T extends { email }).
  const withEmail = form as unknown as FieldForm<{ email: string }>;
  return (
    <FormTextField
      form={withEmail}
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      autoFocus
    />
  );
}
