import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export const controlClasses =
  'block w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs ' +
  'placeholder:text-zinc-400 transition-colors ' +
  'hover:border-zinc-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 ' +
  'focus-visible:outline-brand-500/40 disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:text-zinc-500 ' +
  'read-only:bg-zinc-50 read-only:text-zinc-600 ' +
  'aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-500/40';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Extra control to the right of the label (e.g. a "Forgot your password?" link). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label on top, control, then the hint or the error (announced, and tied by aria-describedby). */
export function FieldShell({
  id,
  label,
  hint,
  error,
  aside,
  className,
  children,
}: FieldShellProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/**
 * A field's id, given to its shell (the label's for, the hint's and error's ids) and to its
 * control, which is marked invalid with an error and described by the error or the hint.
 */
export function useFieldParts(shell: Omit<FieldShellProps, 'id' | 'children'>) {
  const id = useId();
  return {
    shell: { id, ...shell },
    control: {
      id,
      'aria-invalid': shell.error ? true : undefined,
      'aria-describedby': describedBy(id, shell.error, shell.hint),
    },
  };
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  aside?: ReactNode;
  /** Rendered inside the input box, on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  containerClassName?: string;
}

export function TextField({
  label,
  hint,
  error,
  aside,
  trailing,
  className,
  containerClassName,
  ...rest
}: TextFieldProps) {
  const { shell, control } = useFieldParts({
    label,
    hint,
    error,
    aside,
    className: containerClassName,
  });
  return (
    <FieldShell {...shell}>
      <div className="relative">
        <input
          {...control}
          className={cn(controlClasses, 'h-10', trailing ? 'pr-11' : undefined, className)}
          {...rest}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>
        ) : null}
      </div>
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, hint, error, className, ...rest }: TextAreaFieldProps) {
  const { shell, control } = useFieldParts({ label, hint, error });
  return (
    <FieldShell {...shell}>
      <textarea {...control} className={cn(controlClasses, 'min-h-24 py-2', className)} {...rest} />
    </FieldShell>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, className, ...rest }: CheckboxProps) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input
        id={id}
        type="checkbox"
        className="size-4 rounded border-zinc-300 accent-brand-600"
        {...rest}
      />
      <label htmlFor={id} className="text-sm text-zinc-700 select-none">
        {label}
      </label>
    </div>
  );
}
