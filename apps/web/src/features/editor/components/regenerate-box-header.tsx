import { ChevronDown, Sparkles, X } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import { cn } from '../../../lib/cn';

const iconButton = 'rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900';

/** The regenerate box's title bar: collapse or expand it, or close it (deselecting). */
export function RegenerateBoxHeader({
  collapsed,
  onToggle,
  onClose,
}: {
  collapsed: boolean;
  onToggle: () => void;
  onClose: () => void;
}) {
  return (
    <header className="flex items-center gap-2 border-b border-zinc-100 px-3 py-2">
      <Sparkles className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
      <h2 id="regenerate-title" className="min-w-0 flex-1 truncate text-sm font-semibold">
        {MSG.regenerateSelected}
      </h2>
      <button
        type="button"
        aria-label={collapsed ? 'Expand' : 'Collapse'}
        aria-expanded={!collapsed}
        onClick={onToggle}
        className={iconButton}
      >
        <ChevronDown className={cn('size-4 transition-transform', collapsed && 'rotate-180')} />
      </button>
      <button
        type="button"
        aria-label="Close"
        title="Close (deselects the component)"
        onClick={onClose}
        className={iconButton}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </header>
  );
}
