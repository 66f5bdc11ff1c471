import { FilePen, ListChecks } from 'lucide-react';
import type { TLeanCity } from '@cityforge/shared';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';

/** Opens the city's facts panel; says how many it has, so a row without any stands out. */
export function FactsButton({ city, onClick }: { city: TLeanCity; onClick: () => void }) {
  const count = city.factCount;
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={`Facts of ${city.name} (${count})`}
      icon={<ListChecks className="size-3.5" aria-hidden="true" />}
      onClick={onClick}
    >
      Facts <span className="text-zinc-500 tabular-nums">{count}</span>
    </Button>
  );
}

/** The page was written before its facts changed: it does not carry them until rewritten. */
export function FactsChanged({ className }: { className?: string }) {
  return (
    <p
      className={cn('flex items-center gap-1.5 text-xs text-sky-800', className)}
      data-testid="city-facts-changed"
    >
      <FilePen className="size-3.5 shrink-0" aria-hidden="true" />
      Facts changed since this page was written: rewrite it to carry them.
    </p>
  );
}
