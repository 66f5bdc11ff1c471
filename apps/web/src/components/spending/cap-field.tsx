import { useState, type Ref } from 'react';
import { TextField } from '../ui/input';
import type { TextFieldProps } from '../ui/input';
import { capText, parseCapText } from '../../lib/spending-cap';

export const CAP_LABEL = 'Monthly spending cap (USD)';
export const CAP_HINT =
  'Generation stops before a page would pass it; the rest wait until you raise it or the month turns (UTC). Empty: no cap.';

/** The cap's input as every screen that asks for a cap shows it: a project's and the profile's. */
export const CAP_INPUT = {
  label: CAP_LABEL,
  hint: CAP_HINT,
  inputMode: 'decimal',
  placeholder: 'No cap',
  trailing: <span className="px-2 text-sm text-zinc-500">USD</span>,
} as const satisfies Partial<TextFieldProps>;

/**
 * The cap as a dollar amount the owner types freely ("12." on the way to "12.50"); the form
 * gets a number, null for an empty field, or NaN for text that is not one (the contract says
 * why).
 */
export function CapField({
  field: { value, onChange, ...field },
  error,
}: {
  field: {
    value: number | null | undefined;
    onChange: (cap: number | null) => void;
    onBlur?: () => void;
    name?: string;
    ref?: Ref<HTMLInputElement>;
  };
  error?: string;
}) {
  const [text, setText] = useState(() => capText(value));
  return (
    <TextField
      {...CAP_INPUT}
      {...field}
      error={error}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseCapText(e.target.value));
      }}
    />
  );
}
