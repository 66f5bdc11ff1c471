import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A profile card's title after its muted icon. */
export function IconTitle({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2">
      <Icon className="size-4 text-zinc-400" aria-hidden="true" /> {children}
    </span>
  );
}
