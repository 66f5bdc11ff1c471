import type { AriaAttributes } from 'react';
import { cn } from '../../lib/cn';

/**
 * A thin bar filled to `percent`: the track's size and colour come in `className`, the fill's
 * colour in `barClassName`. Named by `aria-label` or `aria-labelledby`.
 */
export function ProgressBar({
  percent,
  className,
  barClassName,
  ...aria
}: {
  percent: number;
  className: string;
  barClassName: string;
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
      <div className={cn('h-full rounded-full', barClassName)} style={{ width: `${percent}%` }} />
    </div>
  );
}
