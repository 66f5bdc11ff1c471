import { useId } from 'react';
import { Checkbox } from '../ui/input';
import { cn } from '../../lib/cn';

export const REPLACE_EDITS_HINT =
  'Pages you edited by hand get the regenerated version beside yours in the editor, to compare and pick. Unticked, the sections you edited stay as they are.';

/**
 * "Replace my edits too", beside every action that writes pages again. Its hint
 * describes the checkbox for screen readers; `showHint` also shows it under the tick.
 */
export function ReplaceEditsTick({
  checked,
  onChange,
  disabled,
  showHint = false,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  showHint?: boolean;
  className?: string;
}) {
  const hintId = useId();
  return (
    <div className={cn('space-y-1', className)}>
      <Checkbox
        label="Replace my edits too"
        title={showHint ? undefined : REPLACE_EDITS_HINT}
        aria-describedby={hintId}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <p id={hintId} className={showHint ? 'pl-6 text-xs text-zinc-500' : 'sr-only'}>
        {REPLACE_EDITS_HINT}
      </p>
    </div>
  );
}
