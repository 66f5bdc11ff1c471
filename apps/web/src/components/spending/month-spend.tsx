import { PauseCircle } from 'lucide-react';
import type { TMonthSpend } from '@cityforge/shared';
import { cn } from '../../lib/cn';
import { capShare, heldText, spendSummary } from '../../lib/spending-cap';

/** This month's AI spend against a monthly cap: a bar when there is a cap, and held pages. */
export function MonthSpend({ spend, className }: { spend: TMonthSpend; className?: string }) {
  const share = capShare(spend);
  const held = heldText(spend.heldPages);
  return (
    <div className={cn('space-y-2 text-sm', className)} data-testid="month-spend">
      <p className="text-zinc-700">{spendSummary(spend)}</p>
      {share !== null ? (
        <div
          role="meter"
          aria-label="Share of the monthly spending cap used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 100)}
          className="h-2 overflow-hidden rounded-full bg-zinc-100"
        >
          <div
            className={cn('h-full rounded-full', share >= 1 ? 'bg-amber-500' : 'bg-brand-500')}
            style={{ width: `${share * 100}%` }}
          />
        </div>
      ) : null}
      {held ? (
        <p className="flex items-start gap-1.5 text-amber-800" data-testid="month-spend-held">
          <PauseCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {held}
        </p>
      ) : null}
    </div>
  );
}
