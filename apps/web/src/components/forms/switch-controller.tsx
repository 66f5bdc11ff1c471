import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';
import type { ComponentProps } from 'react';
import { SwitchField } from '../ui/switch';

/**
 * A form's yes/no field as a switch. `unset` is what it shows while the value is empty
 * (a setting the project never saved shows its default).
 */
export function SwitchController<T extends FieldValues, TOut = T>({
  control,
  name,
  unset = false,
  ...rest
}: Omit<ComponentProps<typeof SwitchField>, 'checked' | 'onCheckedChange'> & {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  unset?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SwitchField
          {...rest}
          checked={Boolean(field.value ?? unset)}
          onCheckedChange={field.onChange}
        />
      )}
    />
  );
}
