import { ChevronLeft, ChevronRight } from 'lucide-react';
import { MAX_PAGE_BUTTONS } from '@cityforge/shared';
import { cn } from '../../lib/cn';
import { pageCount, pageWindow, rangeLabel } from '../../lib/pagination';
import { Button } from './button';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  pageSize: number;
  /** Items in the whole list (the paged answer's `count`). */
  count: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "User pages"; several lists can share a screen. */
  label: string;
  /** Most numbered buttons to show (five unless told). */
  maxButtons?: number;
  className?: string;
  testId?: string;
}

/**
 * Previous, a sliding window of numbered pages and Next, with "Showing a–b of n". Renders
 * nothing when everything fits on one page. Buttons stay enabled while the next page loads
 * (the list keeps its previous data) so keyboard focus is never dropped by a disabled button.
 */
export function Pagination({
  page,
  pageSize,
  count,
  onPageChange,
  label,
  maxButtons = MAX_PAGE_BUTTONS,
  className,
  testId,
}: PaginationProps) {
  const pages = pageCount(count, pageSize);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  const numbers = pageWindow(current, pages, maxButtons);

  function go(target: number) {
    if (target !== current && target >= 1 && target <= pages) onPageChange(target);
  }

  return (
    <nav
      aria-label={label}
      data-testid={testId}
      className={cn('flex flex-col items-center justify-between gap-3 sm:flex-row', className)}
    >
      <p className="text-sm text-zinc-600 tabular-nums" aria-live="polite">
        {rangeLabel(current, pageSize, count)}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <Button
            variant="outline"
            size="sm"
            disabled={current <= 1}
            onClick={() => go(current - 1)}
            className="px-2 sm:px-3"
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Previous</span>
          </Button>
        </li>
        {numbers.map((n) => {
          const isCurrent = n === current;
          return (
            <li key={n}>
              <Button
                variant={isCurrent ? 'primary' : 'ghost'}
                size="sm"
                aria-label={`Page ${n}`}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={() => go(n)}
                className="min-w-8 px-2 tabular-nums"
              >
                {n}
              </Button>
            </li>
          );
        })}
        <li>
          <Button
            variant="outline"
            size="sm"
            disabled={current >= pages}
            onClick={() => go(current + 1)}
            className="px-2 sm:px-3"
          >
            <span className="sr-only sm:not-sr-only">Next</span>
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
