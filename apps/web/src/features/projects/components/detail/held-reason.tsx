import { PauseCircle } from 'lucide-react';
import { cn } from '../../../../lib/cn';

/** Why a queued page or city waits (a monthly spending cap): it goes on by itself later. */
export function HeldReason({ reason, className }: { reason: string; className?: string }) {
  return (
    <p className={cn('flex gap-1.5 text-xs text-amber-800', className)} data-testid="held-reason">
      <PauseCircle className="size-3.5 shrink-0" aria-hidden="true" />
      <span>{reason}: waiting until the cap is raised or the month turns.</span>
    </p>
  );
}
