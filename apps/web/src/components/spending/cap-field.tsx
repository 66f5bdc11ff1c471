import { useState, type Ref } from 'react';
import { TextField } from '../ui/input';
import { capText, parseCapText } from '../../lib/spending-cap';

export const CAP_LABEL = 'Monthly spending cap (USD)';
export const CAP_HINT =
  'Generation stops before a page would pass it; the rest wait until you raise it or the month turns (UTC). Empty: no cap.';

/**
 * The cap as a dollar amount the owner types freely ("12." on the way to "12.50"); the form
 * gets a number, null for an empty field, or NaN for text that is not one (the contract says
 * why).
 */
export function CapField({
  value,
  onChange,
  onBlur,
  name,
  error,
  ref,
}: {
  value: number | null | undefined;
  onChange: (cap: number | null) => void;
  onBlur?: () => void;
  name?: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const [text, setText] = useState(() => capText(value));
  return (
    <TextField
      label={CAP_LABEL}
      hint={CAP_HINT}
      error={error}
      name={name}
      ref={ref}
      inputMode="decimal"
      placeholder="No cap"
      value={text}
      onBlur={onBlur}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseCapText(e.target.value));
      }}
      trailing={<span className="px-2 text-sm text-zinc-500">USD</span>}
    />
  );
}
