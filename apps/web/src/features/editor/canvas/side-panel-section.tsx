import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A part of the canvas's side panel under its small caps title, which names it. */
export function SidePanelSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('p-3', className)}>
      <h2
        id={id}
        className="px-1 pb-2 text-2xs font-semibold tracking-wide text-zinc-500 uppercase"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
