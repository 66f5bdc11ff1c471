import { useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { UploadCloud } from 'lucide-react';
import { cn } from '../../lib/cn';
import { SPREADSHEET_ACCEPT } from '../../lib/upload-files';

/**
 * Drag and drop or browse. Hands every chosen file to `onFiles`, unchecked: the caller decides
 * what it accepts (and says why it refused the rest).
 */
export function FileDropZone({
  onFiles,
  multiple = true,
  disabled = false,
  hint = 'CSV or Excel (.csv, .xlsx, .xls), up to 10 MB each',
}: {
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  hint?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  // Counted, not a flag: dragging over the zone's children fires leave/enter pairs.
  const [depth, setDepth] = useState(0);
  const over = depth > 0 && !disabled;

  function drop(event: DragEvent) {
    event.preventDefault();
    setDepth(0);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(multiple ? files : files.slice(-1));
  }

  return (
    <div
      data-testid="file-drop-zone"
      data-dragging={over || undefined}
      onDragEnter={(e) => {
        e.preventDefault();
        setDepth((d) => d + 1);
      }}
      onDragLeave={() => setDepth((d) => Math.max(0, d - 1))}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
      }}
      onDrop={drop}
      className={cn(
        'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-7 text-center transition-colors',
        over ? 'border-brand-500 bg-brand-50/70' : 'border-zinc-300 bg-zinc-50/60',
        disabled && 'opacity-60',
      )}
    >
      <UploadCloud
        className={cn('size-8', over ? 'text-brand-600' : 'text-zinc-400')}
        aria-hidden="true"
      />
      <p className="text-sm text-zinc-700">
        <span className="font-medium">Drag and drop {multiple ? 'files' : 'a file'} here</span>, or{' '}
        <button
          type="button"
          disabled={disabled}
          onClick={() => input.current?.click()}
          className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          browse
        </button>
      </p>
      <p id={hintId} className="text-xs text-zinc-500">
        {hint}
      </p>
      <input
        ref={input}
        type="file"
        aria-label={multiple ? 'Choose files' : 'Choose a file'}
        aria-describedby={hintId}
        className="sr-only"
        tabIndex={-1}
        accept={SPREADSHEET_ACCEPT}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so that choosing the same file again (after removing it) fires again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
