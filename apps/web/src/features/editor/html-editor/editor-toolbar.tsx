import { Eraser, Replace, WandSparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { INSERT_TAGS } from './insert-tag';
import type { InsertTag } from './insert-tag';

export type EditorToolbarProps = {
  onInsert: (tag: InsertTag) => void;
  onFind: () => void;
  onFormat: () => void;
  onClear: () => void;
  formatting: boolean;
  /** Ctrl or ⌘, for the shortcut hints. */
  mod: string;
};

const tagButton =
  'h-7 min-w-9 shrink-0 rounded-md border border-zinc-200 bg-white px-2 font-mono text-xs text-zinc-700 ' +
  'shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800 ' +
  'active:bg-brand-100';

/**
 * The insert-tag buttons and the document actions. On a phone the tags scroll sideways in one
 * row rather than wrapping into four rows that would push the text off the screen.
 */
export function EditorToolbar({
  onInsert,
  onFind,
  onFormat,
  onClear,
  formatting,
  mod,
}: EditorToolbarProps) {
  return (
    <div className="flex flex-col gap-2 lg:flex-row lg:items-center lg:justify-between">
      <div
        role="group"
        aria-label="Insert tag"
        className="-mx-1 flex items-center gap-1 overflow-x-auto px-1 py-1 sm:flex-wrap sm:overflow-visible"
      >
        {INSERT_TAGS.map((tag) => (
          <button
            key={tag}
            type="button"
            className={tagButton}
            aria-label={`Insert <${tag}>`}
            title={`Insert <${tag}> (wraps the selection)`}
            // Keeps the editor's selection and focus: the tag goes where the user was typing.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onInsert(tag)}
          >
            {tag}
          </button>
        ))}
      </div>
      <div className="flex shrink-0 items-center gap-1.5">
        <Button
          variant="outline"
          size="sm"
          icon={<Replace className="size-3.5" aria-hidden="true" />}
          onClick={onFind}
          title={`Find & Replace (${mod}+F)`}
        >
          Find &amp; Replace
        </Button>
        <Button
          variant="outline"
          size="sm"
          loading={formatting}
          icon={<WandSparkles className="size-3.5" aria-hidden="true" />}
          onClick={onFormat}
          title={`Format (${mod}+Shift+F)`}
        >
          Format
        </Button>
        <Button
          variant="ghost"
          size="sm"
          icon={<Eraser className="size-3.5" aria-hidden="true" />}
          onClick={onClear}
          title={`Clear the document (${mod}+Z brings it back)`}
        >
          Clear
        </Button>
      </div>
    </div>
  );
}
