import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { controlClasses, FieldShell, useFieldParts } from './input';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
  containerClassName?: string;
}

/** A native select in the field shell: label, control, hint or error. */
export function SelectField({
  label,
  hint,
  error,
  className,
  containerClassName,
  children,
  ...rest
}: SelectFieldProps) {
  const { shell, control } = useFieldParts({ label, hint, error, className: containerClassName });
  return (
    <FieldShell {...shell}>
      <div className="relative">
        <select
          {...control}
          className={cn(controlClasses, 'h-10 appearance-none pr-9', className)}
          {...rest}
        >
          {children}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-500"
          aria-hidden="true"
        />
      </div>
    </FieldShell>
  );
}

/** A select among a fixed list of values, each shown by `display` (the value itself by default). */
export function ChoiceField<T extends string>({
  choices,
  value,
  onChoose,
  display = (choice) => choice,
  ...rest
}: Omit<SelectFieldProps, 'value' | 'onChange' | 'children'> & {
  choices: readonly T[];
  value: T;
  onChoose: (choice: T) => void;
  display?: (choice: T) => ReactNode;
}) {
  return (
    <SelectField value={value} onChange={(e) => onChoose(e.target.value as T)} {...rest}>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {display(choice)}
        </option>
      ))}
    </SelectField>
  );
}
