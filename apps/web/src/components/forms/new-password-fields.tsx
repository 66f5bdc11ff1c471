import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../ui/input';

type PasswordPair = { password: string; confirmPassword: string };

/**
 * A new password and its confirmation, as sign-up, the reset page and an admin's Create User
 * ask for them (the password managers' `new-password` on both).
 */
export function NewPasswordFields<T extends PasswordPair>({
  register,
  errors,
  label = 'Password',
  hint,
  autoFocus,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<PasswordPair>;
  label?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  // The pair's names exist on every form that uses it (T extends PasswordPair).
  const reg = register as unknown as UseFormRegister<PasswordPair>;
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        hint={hint}
        error={errors.password?.message}
        {...reg('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...reg('confirmPassword')}
      />
    </>
  );
}
