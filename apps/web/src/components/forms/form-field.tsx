import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextAreaField, TextField } from '../ui/input';
import type { TextAreaFieldProps, TextFieldProps } from '../ui/input';

/** What a field needs of its form: to register under its name and to read its error. */
export type FieldForm<T extends FieldValues> = Pick<
  UseFormReturn<T>,
  'register' | 'getFieldState' | 'formState'
>;

// 'form' here is the react-hook-form form, not the HTML attribute naming a <form> by id.
type Bound<T extends FieldValues, P> = Omit<P, 'name' | 'error' | 'form'> & {
  form: FieldForm<T>;
  name: Path<T>;
};

// Passing formState subscribes the field to its own error, so a failed check shows at once.
function errorOf<T extends FieldValues>(form: FieldForm<T>, name: Path<T>): string | undefined {
  return form.getFieldState(name, form.formState).error?.message;
}

/** A form's text input under its label, showing the error its form holds for it. */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  ...rest
}: Bound<T, TextFieldProps>) {
  return <TextField {...rest} error={errorOf(form, name)} {...form.register(name)} />;
}

/** A form's text area under its label, showing the error its form holds for it. */
export function FormTextArea<T extends FieldValues>({
  form,
  name,
  ...rest
}: Bound<T, TextAreaFieldProps>) {
  return <TextAreaField {...rest} error={errorOf(form, name)} {...form.register(name)} />;
}
