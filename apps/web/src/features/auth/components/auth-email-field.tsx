import { TextField } from '../../../components/ui/input';
import type { TextFieldProps } from '../../../components/ui/input';

/** The sign-in screens' Email field, focused as the screen opens. */
export function AuthEmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      autoFocus
      {...props}
    />
  );
}
