import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

interface SpinnerProps {
  size?: keyof typeof sizes;
  /** Accessible text; ignored when decorative. */
  label?: string;
  /** Inside a button that already says what is happening. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', decorative, className }: SpinnerProps) {
  const svg = (
    <svg
      className={cn('animate-spin text-current', sizes[size], className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
  if (decorative) return svg;
  return (
    <span role="status" className="inline-flex">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner with visible text, centred in its box. */
export function LoadingBlock({ text, className }: { text: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col items-center justify-center gap-3 py-10 text-zinc-600',
        className,
      )}
    >
      <Spinner size="lg" decorative className="text-brand-600" />
      <p className="text-sm font-medium">{text}</p>
    </div>
  );
}

/** A small spinner before a line saying what is loading. */
export function LoadingLine({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <p
      role="status"
      className={cn('flex items-center gap-2 text-sm text-zinc-500', className)}
      data-testid={testId}
    >
      <Spinner size="sm" decorative className="text-brand-600" />
      {children}
    </p>
  );
}

/** The route guard's wait: while there is no user yet, the whole screen says "Loading...". */
export function FullScreenLoader({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-zinc-50">
      <LoadingBlock text={text} />
    </div>
  );
}
