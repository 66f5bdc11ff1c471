import type { AriaAttributes } from 'react';
import { cn } from '../../lib/cn';

const FILLS = {
  brand: 'bg-brand-600',
  moving: 'bg-brand-600 transition-[width] duration-500',
  done: 'bg-emerald-500',
} as const;

/**
 * A thin bar filled to `percent`: the track's size and colour come in `className`; `fill` is
 * the bar's colour (`moving` eases each step, for a figure that grows as you watch). Named by
 * `aria-label` or `aria-labelledby`.
 */
export function ProgressBar({
  percent,
  className,
  fill = 'brand',
  ...aria
}: {
  percent: number;
  className: string;
  fill?: keyof typeof FILLS;
} & Pick<AriaAttributes, 'aria-label' | 'aria-labelledby' | 'aria-valuetext'>) {
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      {...aria}
      className={cn('overflow-hidden rounded-full', className)}
    >
      <div className={cn('h-full rounded-full', FILLS[fill])} style={{ width: `${percent}%` }} />
    </div>
  );
}
