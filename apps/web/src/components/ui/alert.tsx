import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

export type AlertVariant = 'error' | 'success' | 'info' | 'warning';

// Each kind's box colours, its icon and the icon's tint.
const styles: Record<AlertVariant, { box: string; Icon: LucideIcon; tint: string }> = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', Icon: XCircle, tint: 'text-red-500' },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    Icon: CheckCircle2,
    tint: 'text-emerald-500',
  },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-800', Icon: Info, tint: 'text-sky-500' },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-900',
    Icon: AlertTriangle,
    tint: 'text-amber-500',
  },
};

/** An inline banner. Errors are announced at once (role=alert), the rest politely. */
export function Alert({
  variant = 'info',
  title,
  children,
  action,
  className,
  testId,
}: {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const style = styles[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', style.box, className)}
    >
      <style.Icon className={cn('size-5 shrink-0', style.tint)} aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-relaxed">{children}</div> : null}
      </div>
      {action ? <div className="shrink-0 self-center">{action}</div> : null}
    </div>
  );
}

/** An error banner with a button that asks again (Retry, or Try Again). */
export function RetryAlert({
  onRetry,
  retryLabel = 'Retry',
  retryIcon,
  retrying,
  ...rest
}: Omit<Parameters<typeof Alert>[0], 'variant' | 'action'> & {
  onRetry: () => unknown;
  retryLabel?: string;
  retryIcon?: ReactNode;
  /** The new attempt is on its way: the button spins. */
  retrying?: boolean;
}) {
  return (
    <Alert
      variant="error"
      action={
        <Button
          size="sm"
          variant="outline"
          icon={retryIcon}
          loading={retrying}
          onClick={() => void onRetry()}
        >
          {retryLabel}
        </Button>
      }
      {...rest}
    />
  );
}
