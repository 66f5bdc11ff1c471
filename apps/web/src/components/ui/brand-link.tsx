import { Link } from 'react-router';
import { Building2 } from 'lucide-react';
import { BRAND } from '@cityforge/shared';
import { cn } from '../../lib/cn';

const SIZES = {
  md: { link: 'text-base', mark: 'size-8', icon: 'size-4.5' },
  lg: { link: 'text-lg', mark: 'size-9', icon: 'size-5' },
} as const;

/** The logo and the product's name, linking home. */
export function BrandLink({ size, className }: { size: keyof typeof SIZES; className?: string }) {
  const s = SIZES[size];
  return (
    <Link
      to="/"
      className={cn(
        'flex items-center gap-2 rounded-md font-semibold text-zinc-950',
        s.link,
        className,
      )}
    >
      <span
        className={cn(
          'flex items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm',
          s.mark,
        )}
      >
        <Building2 className={s.icon} aria-hidden="true" />
      </span>
      {BRAND}
    </Link>
  );
}
