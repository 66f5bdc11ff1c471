import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { controlClasses } from '../../../../components/ui/input';
import { cn } from '../../../../lib/cn';
import { newFactRow, type FactRow, type FactsFormErrors } from '../../facts-form';

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs font-medium text-red-600">
      {message}
    </p>
  );
}

/** One fact: its name, its value (a quote may run long) and its removal. */
function FactRowItem({
  row,
  index,
  error,
  disabled,
  autoFocus,
  onEdit,
  onRemove,
}: {
  row: FactRow;
  index: number;
  error: { name?: string; value?: string };
  disabled: boolean;
  autoFocus: boolean;
  onEdit: (patch: Partial<FactRow>) => void;
  onRemove: () => void;
}) {
  const label = row.name.trim() || `fact ${index + 1}`;
  return (
    <li
      data-testid="fact-row"
      className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 rounded-lg border border-zinc-200 p-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:border-0 sm:p-0"
    >
      <div className="min-w-0">
        <input
          aria-label={`Name of fact ${index + 1}`}
          aria-invalid={error.name ? true : undefined}
          aria-describedby={error.name ? `${row.key}-name-error` : undefined}
          placeholder="Name, e.g. Jobs completed"
          value={row.name}
          disabled={disabled}
          autoFocus={autoFocus}
          onChange={(e) => onEdit({ name: e.target.value })}
          className={cn(controlClasses, 'h-10')}
        />
        <FieldError id={`${row.key}-name-error`} message={error.name} />
      </div>
      <div className="col-span-2 row-start-2 min-w-0 sm:col-span-1 sm:row-start-auto">
        <textarea
          aria-label={`Value of fact ${index + 1}`}
          aria-invalid={error.value ? true : undefined}
          aria-describedby={error.value ? `${row.key}-value-error` : undefined}
          placeholder="Value, e.g. 142"
          rows={1}
          value={row.value}
          disabled={disabled}
          onChange={(e) => onEdit({ value: e.target.value })}
          className={cn(controlClasses, 'min-h-10 resize-y py-2')}
        />
        <FieldError id={`${row.key}-value-error`} message={error.value} />
      </div>
      <Button
        variant="ghost"
        size="icon"
        disabled={disabled}
        aria-label={`Remove ${label}`}
        title={`Remove ${label}`}
        className="col-start-2 row-start-1 text-zinc-500 hover:bg-red-50 hover:text-red-700 sm:col-start-auto sm:row-start-auto"
        icon={<Trash2 className="size-4" aria-hidden="true" />}
        onClick={onRemove}
      />
    </li>
  );
}

/**
 * The place's facts as name and value pairs, each row with its own server message under the
 * input it names. Names are the sheet's column headers, so the same fact reads the same on
 * every place and in the export.
 */
export function FactRows({
  rows,
  errors,
  disabled,
  onChange,
}: {
  rows: FactRow[];
  errors: FactsFormErrors['rows'];
  disabled: boolean;
  onChange: (rows: FactRow[]) => void;
}) {
  // The row just added takes the focus; rows read from the server do not.
  const [added, setAdded] = useState<string | null>(null);
  const edit = (key: string, patch: Partial<FactRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  function add() {
    const row = newFactRow();
    setAdded(row.key);
    onChange([...rows, row]);
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-zinc-800">Facts</legend>
      <p className="text-xs text-zinc-500">
        What only you know about the place: jobs done there, a customer&rsquo;s words and who said
        them, the crew that covers it, the local price. Each is stated on the page as given.
      </p>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 px-3 py-3 text-sm text-zinc-600">
          No facts yet.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Facts">
          {rows.map((row, i) => (
            <FactRowItem
              key={row.key}
              row={row}
              index={i}
              error={errors[row.key] ?? {}}
              disabled={disabled}
              autoFocus={row.key === added}
              onEdit={(patch) => edit(row.key, patch)}
              onRemove={() => onChange(rows.filter((r) => r.key !== row.key))}
            />
          ))}
        </ul>
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        icon={<Plus className="size-3.5" aria-hidden="true" />}
        onClick={add}
      >
        Add a fact
      </Button>
    </fieldset>
  );
}
