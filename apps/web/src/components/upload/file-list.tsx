import { FileSpreadsheet, X } from 'lucide-react';
import { formatFileSize } from '../../lib/format';

/** The chosen files: name, size and a remove button each. */
export function FileList({
  files,
  onRemove,
  disabled = false,
}: {
  files: readonly File[];
  onRemove: (index: number) => void;
  disabled?: boolean;
}) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Selected files" className="space-y-2">
      {files.map((file, index) => (
        <li
          key={`${file.name}:${file.size}:${file.lastModified}`}
          data-testid="selected-file"
          className="flex items-center gap-3 rounded-lg border border-zinc-200 bg-white px-3 py-2"
        >
          <FileSpreadsheet className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-zinc-900">{file.name}</p>
            <p className="text-xs text-zinc-500">{formatFileSize(file.size)}</p>
          </div>
          <button
            type="button"
            disabled={disabled}
            aria-label={`Remove ${file.name}`}
            onClick={() => onRemove(index)}
            className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700 disabled:opacity-50"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
