import type { FieldValues } from 'react-hook-form';
import { FormTextField } from './form-field';
import type { FieldForm } from './form-field';

type PasswordPair = { password: string; confirmPassword: string };

/**
 * A new password and its confirmation, as sign-up, the reset page and an admin's Create User
 * ask for them (the password managers' `new-password` on both).
 */
export function NewPasswordFields<T extends FieldValues & PasswordPair>({
  form,
  label = 'Password',
  hint,
  autoFocus,
}: {
  form: FieldForm<T>;
  label?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  // The pair's names exist on every form that uses it (T extends PasswordPair).
  const pair = form as unknown as FieldForm<PasswordPair>;
  return (
    <>
      <FormTextField
        form={pair}
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        hint={hint}
      />
      <FormTextField
        form={pair}
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
